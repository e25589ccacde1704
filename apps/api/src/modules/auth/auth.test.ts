import crypto from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT } from '@vastra/shared/constants';
import { ADDRESS_MESSAGES } from '@vastra/shared/schemas/order';
import { PROFILE_MESSAGES } from '@vastra/shared/schemas/user';
import { emailOtps } from '../../db/schema/email-otps';
import { users } from '../../db/schema/users';
import { manualClock } from '../../lib/clock';
import { useTestApp } from '../../test/use-test-app';
import { loggedInAdmin } from '../../test/fixtures';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { codeIn, startTestSmtp } from '../../test/test-smtp';
import { AUTH_MESSAGES, LOGIN_SLOWDOWN, RATE_LIMITS } from './auth.service';
import { hashPassword } from './passwords';
import { redisUp, TEST_REDIS_URL } from '../../test/test-redis';

const REDIS_URL = TEST_REDIS_URL;

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const MINUTE = 60_000;
/** For expect.poll: what happens after an answer (a mail, a log line) may take a moment. */
const POLL = { timeout: 8_000, interval: 50 };
/**
 * The most a request may take while Redis is away. Generous for a loaded machine, yet an answer
 * that waited on Redis's reconnection and retries (as before decision 091) takes 15 s or more.
 */
const QUICK_MS = 4_000;

const clock = manualClock(Date.UTC(2026, 0, 15, 10, 0, 0));
const config = () => testConfig({ SMTP_URL: '', JWT_SECRET: SECRET });

// Registered first, so it runs before the app of each test is built.
beforeEach(() => {
  clock.set(Date.UTC(2026, 0, 15, 10, 0, 0));
});
// A fresh app per test, mailing a real SMTP server (`t.smtp`).
const t = useTestApp({ app: 'test', smtp: true, env: { JWT_SECRET: SECRET }, deps: { clock } });

let counter = 0;
/** A fresh address (and client IP) per test, so limits and mails of one test never meet another's. */
function uniqueEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}.${counter}.${crypto.randomBytes(3).toString('hex')}@Example.com`;
}
function randomIp(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

interface Answer {
  status: number;
  body: { success: boolean; message?: string; token?: string; user?: unknown };
  headers: Record<string, unknown>;
}

async function post(
  path: string,
  payload: unknown,
  opts: { token?: string; bearer?: string; ip?: string; app?: Pick<TestApp, 'app'> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  const res = await (opts.app ?? t).app.inject({
    method: 'POST',
    url: `/api/user/${path}`,
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** The same call, with how long the answer took in milliseconds. */
async function timed(
  path: string,
  payload: unknown,
  opts: Parameters<typeof post>[2] = {},
): Promise<Answer & { ms: number }> {
  const started = performance.now();
  const answer = await post(path, payload, opts);
  return { ...answer, ms: performance.now() - started };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** An app whose mailer always fails, as when the mail server cannot be reached. */
function buildFailingMailerApp(): Promise<TestApp> {
  return buildTestApp(t.database, config(), {
    clock,
    mailer: {
      kind: 'smtp',
      send: () => Promise.reject(new Error('SMTP down')),
      outbox: () => [],
      close: async () => {},
    },
  });
}

async function rateLimitRows(): Promise<number> {
  const rows = await t.db.execute(`select count(*)::int as n from rate_limits`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function me(headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Registers through the real journey: OTP mail → verify → register. */
async function registerAccount(email: string, password = 'correct horse', name = 'Asha Rao') {
  expect((await post('registerotp', { email })).body).toEqual({
    success: true,
    message: AUTH_MESSAGES.otpSent,
  });
  const otp = t.smtp.lastCode(email);
  expect((await post('verifyotp', { email, otp, type: 'register' })).body.message).toBe(
    'Email verified',
  );
  const registered = await post('register', { name, email, password });
  expect(registered.body).toEqual({ success: true, message: 'Registered successfully' });
}

async function login(email: string, password: string): Promise<Answer> {
  return post('login', { email, password });
}

async function verifiedPasswordOtp(email: string): Promise<void> {
  const before = t.smtp.mailsTo(email).length;
  expect((await post('passwordotp', { email })).status).toBe(200);
  // Password OTP mails leave after the answer.
  await expect.poll(() => t.smtp.mailsTo(email).length, POLL).toBeGreaterThan(before);
  const otp = t.smtp.lastCode(email);
  const verified = await post('verifyotp', { email, otp, type: 'password' });
  expect(verified.body).toEqual({ success: true, message: 'OTP Verified' });
}

describe('registration with an e-mail OTP', () => {
  it('mails a 6-digit code (text and HTML, shop name, validity), verifies it, registers, logs in', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse', 'Asha Rao');

    const mails = t.smtp.mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // The code leads the subject: a phone's notification shows it without opening the mail.
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`${codeIn(mail)} is your Vastra verification code`);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('valid for 10 minutes');
    expect(mail.raw).toMatch(/From: Vastra <no-reply@vastra\.shop>/);

    // Stored lower-cased, with an argon2id hash; the code is stored only as an HMAC.
    const [row] = await t.db.select().from(users);
    expect(row).toMatchObject({ email: email.toLowerCase(), name: 'Asha Rao', role: 'customer' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [otpRow] = await t.db.select().from(emailOtps);
    expect(otpRow!.codeHash).not.toContain(codeIn(mail));
    expect(otpRow!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const loggedIn = await login(email.toUpperCase(), 'correct horse');
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toEqual({
      success: true,
      token: expect.any(String),
      message: AUTH_MESSAGES.loggedIn,
    });
    const token = loggedIn.body.token!;

    for (const headers of [{ token }, { authorization: `Bearer ${token}` }] as Record<
      string,
      string
    >[]) {
      const profile = await me(headers);
      expect(profile.status).toBe(200);
      expect(profile.body).toEqual({
        success: true,
        user: { name: 'Asha Rao', email: email.toLowerCase(), role: 'customer', phone: null },
      });
      expect(profile.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('refuses to register an address that was not verified', async () => {
    const email = uniqueEmail();
    const res = await post('register', { name: 'A', email, password: 'long enough' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'Please verify your email first' });

    // A code sent but not verified is not enough either, nor a verified password-reset code.
    await post('registerotp', { email });
    expect((await post('register', { name: 'A', email, password: 'long enough' })).status).toBe(
      403,
    );
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('allows signing up for 30 minutes after verification, and only once', async () => {
    const late = uniqueEmail('late');
    await post('registerotp', { email: late });
    await post('verifyotp', { email: late, otp: t.smtp.lastCode(late), type: 'register' });
    clock.advance(ACCOUNT.registerWindowMinutes * MINUTE + 1000);
    const tooLate = await post('register', { name: 'L', email: late, password: 'long enough' });
    expect(tooLate.status).toBe(403);
    expect(tooLate.body.message).toBe('Please verify your email first');

    const email = uniqueEmail();
    await registerAccount(email);
    const again = await post('register', { name: 'Again', email, password: 'another one' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AUTH_MESSAGES.emailTaken);
    const rows = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Asha Rao');
  });

  it('refuses an OTP for an address that already has an account, clearly', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const res = await post('registerotp', { email: email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: AUTH_MESSAGES.emailTaken });
    expect(t.smtp.mailsTo(email)).toHaveLength(1);
  });

  it('sets passwords of at least 8 characters only, and checks every field', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    await post('verifyotp', { email, otp: t.smtp.lastCode(email), type: 'register' });
    const short = await post('register', { name: 'Asha', email, password: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
    // The refusal did not use the verification up.
    expect((await post('register', { name: 'Asha', email, password: '12345678' })).status).toBe(
      200,
    );

    expect((await post('registerotp', {})).body).toEqual({
      success: false,
      message: 'Please enter your email',
    });
    expect((await post('registerotp', { email: 'not-an-address' })).body.message).toBe(
      'Please enter a valid email',
    );
    expect((await post('verifyotp', { email, otp: '', type: 'register' })).body.message).toBe(
      'Please enter the OTP',
    );
    const badType = await post('verifyotp', { email, otp: '123456', type: 'admin' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/type/);
    for (const line of t.logs) expect(line.level).toBeLessThan(50);
  });
});

describe('the profile', () => {
  async function patchMe(token: string | null, payload: object): Promise<Answer> {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: token ? { token } : {},
      payload,
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  it('changes the name and a mobile number, keeps the session, and clears the number when emptied', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const { token } = (await login(email, 'correct horse')).body as { token: string };

    const saved = await patchMe(token, { name: 'Asha R.', phone: '+91 98765 43210' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: PROFILE_MESSAGES.saved,
      user: { name: 'Asha R.', email: email.toLowerCase(), role: 'customer', phone: '9876543210' },
    });
    expect((await me({ token })).body.user).toMatchObject({ name: 'Asha R.', phone: '9876543210' });

    await patchMe(token, { name: 'Asha R.', phone: '' });
    expect((await me({ token })).body.user).toMatchObject({ phone: null });
  });

  it('refuses a bad name or number with the field’s message, changing nothing; needs a session', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const { token } = (await login(email, 'correct horse')).body as { token: string };
    const badPhone = await patchMe(token, { name: 'Asha', phone: '12345' });
    expect([badPhone.status, badPhone.body.message]).toEqual([400, ADDRESS_MESSAGES.phone]);
    const noName = await patchMe(token, { name: '  ' });
    expect(noName.status).toBe(400);
    expect((await me({ token })).body.user).toMatchObject({ name: 'Asha Rao', phone: null });
    expect((await patchMe(null, { name: 'Asha' })).status).toBe(401);
  });

  it('tells the shop owner’s storefront it is an admin', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    expect((await me({ token: admin.token })).body.user).toMatchObject({ role: 'admin' });
  });
});

describe('passwords with a NUL or a lone surrogate', () => {
  it('are hashed and checked like any other, never refused nor a 500', async () => {
    for (const odd of ['\u0000', '\uD800']) {
      const email = uniqueEmail();
      const password = `pass${odd}word`;
      await registerAccount(email, password);
      expect((await login(email, password)).status).toBe(200);
      const wrong = await login(email, odd);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ success: false, message: AUTH_MESSAGES.badCredentials });
      expect((await login(uniqueEmail('nobody'), odd)).status).toBe(401);

      // Changing it, with the odd one as the current password and a new odd one.
      const { token } = (await login(email, password)).body;
      const changed = await post(
        'forgot-password',
        { email, newpassword: `new ${odd} password`, currentPassword: password },
        { token },
      );
      expect(changed.status).toBe(200);
      expect((await login(email, `new ${odd} password`)).status).toBe(200);
      expect((await login(email, password)).status).toBe(401);
    }
    for (const line of t.logs) expect(line.level).toBeLessThan(50);
  });
});

describe('the OTP itself', () => {
  it('stops after 5 wrong guesses: even the right code is then refused', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    const right = t.smtp.lastCode(email);
    const wrong = right === '000000' ? '111111' : '000000';

    const answers = [];
    for (let i = 0; i < ACCOUNT.otpMaxAttempts; i++) {
      answers.push((await post('verifyotp', { email, otp: wrong, type: 'register' })).body.message);
    }
    expect(answers).toEqual([
      'Invalid OTP. 4 attempts left',
      'Invalid OTP. 3 attempts left',
      'Invalid OTP. 2 attempts left',
      'Invalid OTP. 1 attempt left',
      'Invalid OTP. Too many wrong attempts: please request a new OTP',
    ]);
    const dead = await post('verifyotp', { email, otp: right, type: 'register' });
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe(AUTH_MESSAGES.otpTooManyAttempts);
    expect((await post('register', { name: 'A', email, password: 'long enough' })).status).toBe(
      403,
    );

    // A new code (after the resend lock) works.
    clock.advance(ACCOUNT.otpResendSeconds * 1000);
    expect((await post('registerotp', { email })).status).toBe(200);
    const fresh = await post('verifyotp', { email, otp: t.smtp.lastCode(email), type: 'register' });
    expect(fresh.body.message).toBe('Email verified');
  });

  it('never compares more than 5 guesses, however many arrive at once', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    const right = t.smtp.lastCode(email);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) => post('verifyotp', { email, otp, type: 'register' })),
    );
    const compared = answers.filter((a) => a.body.message?.startsWith('Invalid OTP'));
    expect(compared).toHaveLength(ACCOUNT.otpMaxAttempts);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const [row] = await t.db.select().from(emailOtps);
    expect(row!.attempts).toBe(ACCOUNT.otpMaxAttempts);
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    const otp = t.smtp.lastCode(email);
    clock.advance(ACCOUNT.otpValidityMinutes * MINUTE);
    const expired = await post('verifyotp', { email, otp, type: 'register' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(AUTH_MESSAGES.otpExpired);

    const other = uniqueEmail();
    await post('registerotp', { email: other });
    clock.advance(ACCOUNT.otpValidityMinutes * MINUTE - 1000);
    const inTime = await post('verifyotp', {
      email: other,
      otp: t.smtp.lastCode(other),
      type: 'register',
    });
    expect(inTime.body.message).toBe('Email verified');
  });

  it('is single use, and only for its own purpose', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    const otp = t.smtp.lastCode(email);
    const asPassword = await post('verifyotp', { email, otp, type: 'password' });
    expect(asPassword.status).toBe(400);
    expect(asPassword.body.message).toBe(AUTH_MESSAGES.requestOtpFirst);
    expect((await post('verifyotp', { email, otp, type: 'register' })).status).toBe(200);
    const again = await post('verifyotp', { email, otp, type: 'register' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.otpSpent);
  });

  it('locks resending for 30 seconds, saying how long to wait, and the new code replaces the old', async () => {
    const email = uniqueEmail();
    await post('registerotp', { email });
    const first = t.smtp.lastCode(email);

    const locked = await post('registerotp', { email });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      message: 'Please wait 30 seconds before requesting a new OTP',
    });
    expect(locked.headers['retry-after']).toBe('30');

    clock.advance(12_000);
    const resend = await post('resendotp', { email, type: 'register' });
    expect(resend.status).toBe(429);
    expect(resend.body.message).toBe('Please wait 18 seconds before requesting a new OTP');
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    clock.advance(18_000);
    const resent = await post('resendotp', { email, type: 'register' });
    expect(resent.body).toEqual({ success: true, message: AUTH_MESSAGES.otpResent });
    expect(t.smtp.mailsTo(email)).toHaveLength(2);
    const second = t.smtp.lastCode(email);
    if (second !== first) {
      const old = await post('verifyotp', { email, otp: first, type: 'register' });
      expect(old.body.message).toMatch(/^Invalid OTP/);
    }
    expect((await post('verifyotp', { email, otp: second, type: 'register' })).status).toBe(200);
  });

  it('caps the OTP mails per address per hour', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < ACCOUNT.otpSendsPerHour; i++) {
      const purpose = i % 2 === 0 ? 'registerotp' : 'passwordotp';
      expect((await post(purpose, { email })).status).toBe(200);
      clock.advance(ACCOUNT.otpResendSeconds * 1000);
    }
    const capped = await post('registerotp', { email });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toMatch(
      /^Too many OTP requests for this email\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);

    clock.advance(60 * MINUTE);
    expect((await post('registerotp', { email })).status).toBe(200);
  });

  it('answers a mail failure without locking the shopper out', async () => {
    const failing = await buildFailingMailerApp();
    try {
      const email = uniqueEmail();
      const res = await post('registerotp', { email }, { app: failing });
      expect(res.status).toBe(503);
      expect(res.body.success).toBe(false);
      // No code is left behind, so the next try is not refused by the 30 s lock.
      expect(await t.db.select().from(emailOtps)).toEqual([]);
      expect((await post('registerotp', { email })).status).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('closes within its drain limit while a password OTP mail hangs on a stalled server', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const stalled = await buildTestApp(t.database, config(), {
      clock,
      mailer: {
        kind: 'smtp',
        send: () => new Promise<void>(() => {}),
        outbox: () => [],
        close: async () => {},
      },
    });
    expect((await post('passwordotp', { email }, { app: stalled })).status).toBe(200);
    const started = performance.now();
    await stalled.close();
    // The shutdown watchdog exits at 10 s with an error: closing must finish well before it.
    expect(performance.now() - started).toBeLessThan(9_000);
  });
});

describe('login', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    const wrongPassword = await login(email, 'wrong horse');
    const unknownEmail = await login(uniqueEmail('nobody'), 'correct horse');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('issues tokens that expire after 7 days', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const { token } = (await login(email, 'correct horse')).body;
    clock.advance(7 * 24 * 60 * MINUTE - 60_000);
    expect((await me({ token: token! })).status).toBe(200);
    clock.advance(61_000);
    const expired = await me({ token: token! });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ success: false, message: AUTH_MESSAGES.sessionOver });
  });

  it('refuses forged, foreign and missing tokens', async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    const { token } = (await login(email, 'correct horse')).body;
    const [header, payload] = token!.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    const [user] = await t.db.select().from(users);
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user!.id)
      .setIssuer('vastra')
      .setAudience('vastra-shop')
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    for (const bad of [tampered, foreign, 'not-a-jwt']) {
      expect((await me({ token: bad })).status).toBe(401);
    }
    const none = await me({});
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(AUTH_MESSAGES.loginRequired);
  });
});

describe('forgot password', () => {
  it('refuses without a verified OTP, and the password stays as it was', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'old password');

    const refused = await post('forgot-password', { email, newpassword: 'new password' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: AUTH_MESSAGES.verifyOtpFirst });

    // A sent but unverified code is not enough either.
    await post('passwordotp', { email });
    expect((await post('forgot-password', { email, newpassword: 'new password' })).status).toBe(
      403,
    );

    expect((await login(email, 'old password')).status).toBe(200);
    expect((await login(email, 'new password')).status).toBe(401);
  });

  it('changes the password after a verified OTP, once, within 10 minutes', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'old password');
    const { token: oldSession } = (await login(email, 'old password')).body;

    await verifiedPasswordOtp(email);
    const resetMail = t.smtp.mailsTo(email).at(-1)!;
    expect(resetMail.subject).toBe(`${codeIn(resetMail)} is your Vastra password reset code`);
    const changed = await post('forgot-password', { email, newpassword: 'new password' });
    expect(changed.body).toEqual({ success: true, message: 'Password updated successfully' });
    expect((await login(email, 'new password')).status).toBe(200);
    expect((await login(email, 'old password')).status).toBe(401);
    // Sessions from before the change are over.
    expect((await me({ token: oldSession! })).status).toBe(401);

    const reused = await post('forgot-password', { email, newpassword: 'third password' });
    expect(reused.status).toBe(403);

    clock.advance(ACCOUNT.otpResendSeconds * 1000);
    await verifiedPasswordOtp(email);
    clock.advance(ACCOUNT.passwordResetWindowMinutes * MINUTE + 1000);
    expect((await post('forgot-password', { email, newpassword: 'third password' })).status).toBe(
      403,
    );
    expect((await login(email, 'new password')).status).toBe(200);
  });

  it('gives an address without an account the same answer, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('passwordotp', { email });
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.otpSent });
    expect(t.smtp.mailsTo(email)).toEqual([]);
    expect((await post('passwordotp', { email })).status).toBe(429);
  });

  it('lets the logged-in user change their own password with their current one, and no one else’s', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail('other');
    await registerAccount(email, 'old password');
    clock.advance(ACCOUNT.otpResendSeconds * 1000);
    await registerAccount(other, 'other password', 'Ravi');
    const { token } = (await login(email, 'old password')).body;
    const { token: otherDevice } = (await login(email, 'old password')).body;

    const foreign = await post(
      'forgot-password',
      { email: other, newpassword: 'hijacked!', currentPassword: 'old password' },
      { token },
    );
    expect(foreign.status).toBe(403);
    expect((await login(other, 'other password')).status).toBe(200);

    const short = await post(
      'forgot-password',
      { email, newpassword: 'short', currentPassword: 'old password' },
      { bearer: token },
    );
    expect(short.status).toBe(400);

    const own = await post(
      'forgot-password',
      { email, newpassword: 'brand new pass', currentPassword: 'old password' },
      { token },
    );
    expect(own.body).toEqual({
      success: true,
      message: 'Password updated successfully',
      token: expect.any(String),
    });
    expect((await login(email, 'brand new pass')).status).toBe(200);
    // This browser carries on with the new token; every other session ends.
    expect((await me({ token: own.body.token! })).status).toBe(200);
    expect((await me({ token: otherDevice! })).status).toBe(401);
  });

  it('does not let a session token alone set a new password', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'old password');
    const { token } = (await login(email, 'old password')).body;

    const bare = await post('forgot-password', { email, newpassword: 'stolen session' }, { token });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ success: false, message: AUTH_MESSAGES.currentPasswordNeeded });

    const wrong = await post(
      'forgot-password',
      { email, newpassword: 'stolen session', currentPassword: 'a guess' },
      { token },
    );
    // 400, not 401: the session itself is fine, and a 401 would log the shopper out.
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: AUTH_MESSAGES.currentPasswordWrong });
    expect((await login(email, 'old password')).status).toBe(200);
    expect((await login(email, 'stolen session')).status).toBe(401);
    // The session was not ended by the refusals.
    expect((await me({ token: token! })).status).toBe(200);

    // A verified password OTP also proves it is the owner: the session carries on with a new token.
    await verifiedPasswordOtp(email);
    const withOtp = await post(
      'forgot-password',
      { email, newpassword: 'reset by otp' },
      { token },
    );
    expect(withOtp.status).toBe(200);
    expect((await me({ token: withOtp.body.token! })).status).toBe(200);
    expect((await login(email, 'reset by otp')).status).toBe(200);
  });

  it('counts wrong current passwords as failed logins of that client', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'old password');
    const ip = randomIp();
    const { token } = (await post('login', { email, password: 'old password' }, { ip })).body;
    for (let i = 0; i < 10; i++) {
      const res = await post(
        'forgot-password',
        { email, newpassword: 'new password', currentPassword: `guess ${i}` },
        { token, ip },
      );
      expect(res.status).toBe(400);
    }
    const locked = await post(
      'forgot-password',
      { email, newpassword: 'new password', currentPassword: 'old password' },
      { token, ip },
    );
    expect(locked.status).toBe(429);
    expect((await post('login', { email, password: 'old password' }, { ip })).status).toBe(429);
    // Another client of the same account is not refused.
    expect(
      (await post('login', { email, password: 'old password' }, { ip: randomIp() })).status,
    ).toBe(200);
  });

  it('answers a stale session on the change-password screen with 401', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'old password');
    const { token } = (await login(email, 'old password')).body;
    clock.advance(8 * 24 * 60 * MINUTE);
    const res = await post(
      'forgot-password',
      { email, newpassword: 'new password', currentPassword: 'old password' },
      { token },
    );
    expect(res.status).toBe(401);
    expect((await login(email, 'old password')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('hold across two app instances on one database, per client and per IP', async () => {
    const second = await buildTestApp(t.database, config(), { clock });
    try {
      const email = uniqueEmail();
      await registerAccount(email);
      const apps = [t, second];
      const attacker = randomIp();
      for (let i = 0; i < 10; i++) {
        const res = await post(
          'login',
          { email, password: 'wrong password' },
          { app: apps[i % 2], ip: attacker },
        );
        expect(res.status).toBe(401);
      }
      for (const app of apps) {
        // That client is refused even the right password, on every instance.
        const res = await post(
          'login',
          { email, password: 'correct horse' },
          { app, ip: attacker },
        );
        expect(res.status).toBe(429);
        expect(res.body.message).toMatch(
          /^Too many attempts\. Please try again in \d+ minutes?\.$/,
        );
      }

      const ip = randomIp();
      const perIp = RATE_LIMITS.otpSendPerIp.limit;
      for (let i = 0; i < perIp; i++) {
        const res = await post(
          'passwordotp',
          { email: uniqueEmail('ip') },
          { app: apps[i % 2], ip },
        );
        expect(res.status).toBe(200);
      }
      const blocked = await post('passwordotp', { email: uniqueEmail('ip') }, { app: second, ip });
      expect(blocked.status).toBe(429);
      // Another address is not affected.
      expect(
        (await post('passwordotp', { email: uniqueEmail('ip') }, { ip: randomIp() })).status,
      ).toBe(200);

      clock.advance(15 * MINUTE);
      expect(
        (await post('login', { email, password: 'correct horse' }, { ip: attacker })).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('never lets wrong passwords from elsewhere lock the owner out; the account only slows down', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('login', { email, password: `guess ${i}` }, { ip: attacker })).status,
      ).toBe(401);
    }
    expect(
      (await post('login', { email, password: 'correct horse' }, { ip: attacker })).status,
    ).toBe(429);

    // The owner, on a client with no failures of its own, gets in (after a short wait).
    const owner = await timed('login', { email, password: 'correct horse' }, { ip: randomIp() });
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(200);

    // More guesses from other clients: each waits longer (250 ms after 10 failures, doubling),
    // up to a bound, and none is refused. Only lower bounds per wait: the machine may be slow.
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const guess = await timed('login', { email, password: 'nope' }, { ip: randomIp() });
      expect(guess.status).toBe(401);
      waits.push(guess.ms);
    }
    [250, 500, 1_000, 2_000].forEach((delay, i) => expect(waits[i]).toBeGreaterThanOrEqual(delay));
    // The first was not made to wait the most already.
    expect(waits[0]!).toBeLessThan(LOGIN_SLOWDOWN.maxDelayMs);
    // After 14 failures an unbounded doubling would wait 4 s; the bound is 2 s.
    const later = await timed('login', { email, password: 'correct horse' }, { ip: randomIp() });
    expect(later.status).toBe(200);
    expect(later.ms).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN.maxDelayMs);
    expect(later.ms).toBeLessThan(4_000);
  }, 20_000);

  it('never checks more than 10 wrong passwords from one client, however many arrive at once', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post('login', { email, password: `guess ${i}` }, { ip }),
      ),
    );
    // 401: the password was checked; 429: refused before it was.
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(RATE_LIMITS.loginFailuresPerClient.limit);
    expect(refused).toHaveLength(25 - RATE_LIMITS.loginFailuresPerClient.limit);
    for (const a of refused) {
      expect(a.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
    expect((await post('login', { email, password: 'correct horse' }, { ip })).status).toBe(429);
    // The owner, elsewhere, gets in.
    const owner = await post('login', { email, password: 'correct horse' }, { ip: randomIp() });
    expect(owner.status).toBe(200);
  });

  it('gives guessers with failures of their own one check per delay for the whole account, and the owner still gets in', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    // 20 clients with one failure each: the account is past 13 failures, so the delay is 2 s.
    const guessers = Array.from({ length: 20 }, randomIp);
    const first = await Promise.all(
      guessers.map((ip) => post('login', { email, password: 'first guess' }, { ip })),
    );
    expect(first.map((a) => a.status)).toEqual(guessers.map(() => 401));

    const delay = LOGIN_SLOWDOWN.maxDelayMs;
    const started = performance.now();
    const guesses = guessers.map(async (ip, i) => {
      const answer = await post('login', { email, password: `guess ${i}` }, { ip });
      return { ...answer, at: performance.now() - started };
    });
    // Meanwhile the owner, on a client without failures, waits the delay, not the queue.
    await sleep(100);
    const owner = await timed('login', { email, password: 'correct horse' }, { ip: randomIp() });
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeLessThan(delay + 2_000);

    const answers = await Promise.all(guesses);
    const checked = answers.filter((a) => a.status === 401).map((a) => a.at);
    const refused = answers.filter((a) => a.status === 429);
    // Checked one after another, `delay` apart: at 2, 4, 6, 8 and 10 s. Turns further ahead
    // than 10 s are refused, saying when to come back.
    expect(checked).toHaveLength(LOGIN_SLOWDOWN.maxQueueMs / delay);
    checked.sort((a, b) => a - b);
    checked.forEach((at, i) => expect(at).toBeGreaterThanOrEqual((i + 1) * delay - 20));
    expect(refused).toHaveLength(guessers.length - checked.length);
    for (const a of refused) {
      expect(a.body.message).toBe(
        'Too many attempts for this account right now. Please try again in 2 seconds.',
      );
      expect(a.headers['retry-after']).toBe('2');
    }
  }, 30_000);

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    // Ten failures, each from another address of one /64.
    for (let i = 0; i < 10; i++) {
      const ip = `2001:db8:77:${counter}::${(i + 1).toString(16)}`;
      expect((await post('login', { email, password: `guess ${i}` }, { ip })).status).toBe(401);
    }
    const sameNetwork = `2001:db8:77:${counter}:ffff:1:2:3`;
    expect(
      (await post('login', { email, password: 'correct horse' }, { ip: sameNetwork })).status,
    ).toBe(429);
    const nextNetwork = `2001:db8:77:${counter + 1}::1`;
    expect(
      (await post('login', { email, password: 'correct horse' }, { ip: nextNetwork })).status,
    ).toBe(200);

    const other = uniqueEmail();
    await registerAccount(other, 'correct horse');
    const ipv4 = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('login', { email: other, password: 'nope' }, { ip: ipv4 })).status).toBe(
        401,
      );
    }
    const mapped = await post(
      'login',
      { email: other, password: 'correct horse' },
      { ip: `::ffff:${ipv4}` },
    );
    expect(mapped.status).toBe(429);
  });

  it('counts only failures toward the client lock', async () => {
    const email = uniqueEmail();
    await registerAccount(email, 'correct horse');
    const ip = randomIp();
    for (let i = 0; i < 12; i++) {
      expect((await post('login', { email, password: 'correct horse' }, { ip })).status).toBe(200);
    }
  });

  it('does not let a stranger silence an address: 5 OTP mails per client, 20 for the address', async () => {
    const email = uniqueEmail();
    const stranger = randomIp();
    for (let i = 0; i < ACCOUNT.otpSendsPerHour; i++) {
      expect((await post('registerotp', { email }, { ip: stranger })).status).toBe(200);
      clock.advance(ACCOUNT.otpResendSeconds * 1000);
    }
    const capped = await post('registerotp', { email }, { ip: stranger });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toMatch(/^Too many OTP requests for this email\./);

    // The owner, elsewhere, still gets a code and can verify it.
    const owner = randomIp();
    expect((await post('registerotp', { email }, { ip: owner })).status).toBe(200);
    const otp = t.smtp.lastCode(email);
    expect((await post('verifyotp', { email, otp, type: 'register' }, { ip: owner })).status).toBe(
      200,
    );

    // Many clients together still cannot mail-bomb the address: 20 an hour at most.
    let sent = ACCOUNT.otpSendsPerHour + 1;
    while (sent < 20) {
      clock.advance(ACCOUNT.otpResendSeconds * 1000);
      expect((await post('registerotp', { email }, { ip: randomIp() })).status).toBe(200);
      sent += 1;
    }
    clock.advance(ACCOUNT.otpResendSeconds * 1000);
    const bombed = await post('registerotp', { email }, { ip: randomIp() });
    expect(bombed.status).toBe(429);
    expect(bombed.body.message).toMatch(/^Too many OTP requests for this email\./);
    expect(t.smtp.mailsTo(email)).toHaveLength(20);
  });

  it('does not let a stranger’s wrong codes stop the owner verifying', async () => {
    const email = uniqueEmail();
    const stranger = randomIp();
    await post('registerotp', { email }, { ip: stranger });
    for (let i = 0; i < 15; i++) {
      await post('verifyotp', { email, otp: '000000', type: 'register' }, { ip: stranger });
    }
    expect(
      (await post('verifyotp', { email, otp: '000000', type: 'register' }, { ip: stranger }))
        .status,
    ).toBe(429);

    const owner = randomIp();
    clock.advance(ACCOUNT.otpResendSeconds * 1000);
    expect((await post('registerotp', { email }, { ip: owner })).status).toBe(200);
    const otp = t.smtp.lastCode(email);
    const verified = await post('verifyotp', { email, otp, type: 'register' }, { ip: owner });
    expect(verified.body).toEqual({ success: true, message: 'Email verified' });
  });

  it.skipIf(!redisUp)(
    'hold across two app instances through Redis when REDIS_URL is set',
    async () => {
      const redisConfig = () => testConfig({ SMTP_URL: t.smtp.url, JWT_SECRET: SECRET, REDIS_URL });
      const a = await buildTestApp(t.database, redisConfig(), { clock });
      const b = await buildTestApp(t.database, redisConfig(), { clock });
      try {
        const email = uniqueEmail('redis');
        const ip = randomIp();
        for (let i = 0; i < 10; i++) {
          const res = await post(
            'login',
            { email, password: 'whatever pass' },
            { app: i % 2 ? a : b, ip },
          );
          expect(res.status).toBe(401);
        }
        expect((await post('login', { email, password: 'x' }, { app: a, ip })).status).toBe(429);
        expect((await post('login', { email, password: 'x' }, { app: b, ip })).status).toBe(429);
        // The account's turns are shared too: 13 clients with a failure each put the account
        // at a 2 s delay; three of them guessing at once, through both apps, are checked 2 s apart.
        const account = uniqueEmail('redis-turns');
        const guessers = Array.from({ length: 13 }, randomIp);
        await Promise.all(
          guessers.map((ip, i) =>
            post('login', { email: account, password: 'x' }, { app: i % 2 ? a : b, ip }),
          ),
        );
        const started = performance.now();
        const at = await Promise.all(
          guessers.slice(0, 3).map(async (ip, i) => {
            const res = await post(
              'login',
              { email: account, password: 'y' },
              { app: i % 2 ? a : b, ip },
            );
            expect(res.status).toBe(401);
            return performance.now() - started;
          }),
        );
        at.sort((x, y) => x - y);
        at.forEach((ms, i) =>
          expect(ms).toBeGreaterThanOrEqual((i + 1) * LOGIN_SLOWDOWN.maxDelayMs - 20),
        );
        // Nothing went to the database's table: Redis holds the counters and the turns.
        expect(await rateLimitRows()).toBe(0);
        for (const app of [a, b]) {
          expect(app.logs.some((l) => String(l.msg).includes('Redis unreachable'))).toBe(false);
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
    20_000,
  );
});

/** A TCP proxy in front of the real Redis that a test can cut and restore, on the same port. */
async function startRedisProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await open();
  return { url: () => `redis://127.0.0.1:${port}`, cut, restore: open };
}

describe('when Redis is away', () => {
  it('answers logins quickly with the counters in the database, and says so once', async () => {
    const away = await buildTestApp(
      t.database,
      testConfig({ SMTP_URL: t.smtp.url, JWT_SECRET: SECRET, REDIS_URL: 'redis://127.0.0.1:1' }),
      { clock },
    );
    try {
      const email = uniqueEmail('away');
      await registerAccount(email, 'correct horse');
      const ip = randomIp();
      for (let i = 0; i < 3; i++) {
        const wrong = await timed('login', { email, password: 'wrong one' }, { app: away, ip });
        expect(wrong.status).toBe(401);
        expect(wrong.ms).toBeLessThan(QUICK_MS);
      }
      const right = await timed('login', { email, password: 'correct horse' }, { app: away, ip });
      expect(right.status).toBe(200);
      expect(right.ms).toBeLessThan(QUICK_MS);
      const otp = await timed('passwordotp', { email }, { app: away, ip });
      expect(otp.status).toBe(200);
      expect(otp.ms).toBeLessThan(QUICK_MS);
      expect(await rateLimitRows()).toBeGreaterThan(0);
      const notices = away.logs.filter((l) =>
        String(l.msg).startsWith('Redis unreachable; rate-limit counters in the database'),
      );
      expect(notices).toHaveLength(1);
      expect(away.logs.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await away.close();
    }
  });

  it.skipIf(!redisUp)(
    'moves the counters to the database while Redis is away and back when it returns',
    async () => {
      const proxy = await startRedisProxy(new URL(REDIS_URL));
      const app = await buildTestApp(
        t.database,
        testConfig({ SMTP_URL: t.smtp.url, JWT_SECRET: SECRET, REDIS_URL: proxy.url() }),
        { clock },
      );
      const say = (text: string) => app.logs.filter((l) => String(l.msg).startsWith(text));
      try {
        const email = uniqueEmail('proxy');
        const ip = randomIp();
        const fail = () => timed('login', { email, password: 'wrong one' }, { app, ip });
        expect((await fail()).status).toBe(401);
        expect(await rateLimitRows()).toBe(0);

        await proxy.cut();
        for (let i = 0; i < 3; i++) {
          const res = await fail();
          expect(res.status).toBe(401);
          expect(res.ms).toBeLessThan(QUICK_MS);
        }
        const inDatabase = await rateLimitRows();
        expect(inDatabase).toBeGreaterThan(0);
        expect(say('Redis unreachable')).toHaveLength(1);

        await proxy.restore();
        await expect.poll(() => say('Redis reachable again').length, POLL).toBeGreaterThan(0);
        expect((await fail()).status).toBe(401);
        // Back in Redis: the table did not grow.
        expect(await rateLimitRows()).toBe(inDatabase);
        expect(say('Redis unreachable')).toHaveLength(1);
        expect(say('Redis reachable again')).toHaveLength(1);
      } finally {
        await app.close();
        await proxy.cut();
      }
    },
    20_000,
  );
});

describe('password OTP timing', () => {
  it('answers as fast for an address with an account as without, whatever the mail server does', async () => {
    // Each message is held 2 s: an answer that waited for its mail could not come in under 1 s.
    const mailDelayMs = 2_000;
    const slowSmtp = await startTestSmtp({ delayMs: mailDelayMs });
    const slow = await buildTestApp(
      t.database,
      testConfig({ SMTP_URL: slowSmtp.url, JWT_SECRET: SECRET }),
      { clock },
    );
    try {
      const passwordHash = await hashPassword('correct horse');
      const known = Array.from({ length: 5 }, () => uniqueEmail('known').toLowerCase());
      await t.db
        .insert(users)
        .values(known.map((email) => ({ name: 'Known', email, passwordHash })));
      const unknown = Array.from({ length: 5 }, () => uniqueEmail('ghost').toLowerCase());
      const withAccount: number[] = [];
      const without: number[] = [];
      // Interleaved, so a busy moment on the machine hits both sides alike.
      for (let i = 0; i < known.length; i++) {
        const a = await timed('passwordotp', { email: known[i] }, { app: slow, ip: randomIp() });
        // The mail goes out after the answer; it must not be timed with the next request.
        await expect.poll(() => slowSmtp.mailsTo(known[i]!).length, POLL).toBe(1);
        const b = await timed('passwordotp', { email: unknown[i] }, { app: slow, ip: randomIp() });
        expect(a.body).toEqual(b.body);
        withAccount.push(a.ms);
        without.push(b.ms);
      }
      expect(median(withAccount)).toBeLessThan(mailDelayMs / 2);
      expect(median(without)).toBeLessThan(mailDelayMs / 2);
      expect(unknown.flatMap((email) => slowSmtp.mailsTo(email))).toEqual([]);
    } finally {
      await slow.close();
      await slowSmtp.close();
    }
  }, 30_000);

  it('forgets a password code whose mail failed, and logs it, so the shopper can ask again', async () => {
    const failing = await buildFailingMailerApp();
    try {
      const email = uniqueEmail().toLowerCase();
      await t.db
        .insert(users)
        .values({ name: 'A', email, passwordHash: await hashPassword('correct horse') });
      const res = await post('passwordotp', { email }, { app: failing });
      expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.otpSent });
      await expect
        .poll(() => failing.logs.some((l) => l.msg === 'OTP mail could not be sent'), POLL)
        .toBe(true);
      // No code is left behind, so the next try is not refused by the 30 s lock.
      await expect.poll(() => t.db.select().from(emailOtps), POLL).toEqual([]);
      expect((await post('passwordotp', { email })).status).toBe(200);
      await expect.poll(() => t.smtp.mailsTo(email).length, POLL).toBe(1);
    } finally {
      await failing.close();
    }
  });
});

describe('development outbox', () => {
  it('prints mails to the log and lists them on /dev/outbox without SMTP, and is absent in production', async () => {
    const dev = await buildTestApp(t.database, config(), { clock });
    try {
      const email = uniqueEmail('outbox');
      expect((await post('registerotp', { email }, { app: dev })).status).toBe(200);
      const page = await dev.app.inject('/dev/outbox');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(email.toLowerCase());
      const code = page.body.match(/Your code: (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(
        dev.logs.some((l) => l.msg === 'mail (outbox, not sent)' && String(l.text).includes(code!)),
      ).toBe(true);
      const verified = await post(
        'verifyotp',
        { email, otp: code, type: 'register' },
        { app: dev },
      );
      expect(verified.status).toBe(200);
    } finally {
      await dev.close();
    }

    const prod = await buildTestApp(
      t.database,
      testConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENTS: 'emulator' }),
    );
    try {
      const res = await prod.app.inject('/dev/outbox');
      // Not mounted: the path falls to the storefront's pages like any unknown one.
      expect(res.body).not.toContain('Development outbox');
      expect((await prod.app.inject('/dev/outbox.json')).body).not.toContain('mails');
    } finally {
      await prod.close();
    }
  });
});

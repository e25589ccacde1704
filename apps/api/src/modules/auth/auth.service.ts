import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT, ACCOUNT_MESSAGES } from '@vastra/shared/constants';
import type { OtpType, ProfileUpdate, PublicUser, UserRole } from '@vastra/shared/schemas/user';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
  type Reservation,
  type TurnRule,
} from '../../plugins/rate-limit/rate-limiter';
import type { Mailer } from '../../providers/mailer/mailer';
import {
  deleteOtp,
  findContacts,
  findOtp,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUserRow,
  markOtpVerified,
  replaceOtp,
  takeOtpAttempt,
  updatePassword,
  updateProfile,
  useVerification,
} from './auth.repository';
import { generateOtp, hashOtp, sameHash } from './otp-code';
import { otpMail } from './otp-mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';

const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 60 * MINUTE;
/**
 * How long closing waits for password OTP mails in flight: the SMTP timeouts bound each one, but
 * the server's own shutdown watchdog (10 s) must not be the one to end a stalled send.
 */
const DRAIN_TIMEOUT_MS = 5_000;

const otpMailsMessage = (wait: string) =>
  `Too many OTP requests for this email. Please try again in ${wait}.`;

/**
 * Per client (IP), per address and client, and per address; counted across processes. What one
 * client does to an address never refuses another client (docs/decisions/090-lockout-free-limits.md):
 * the address-wide limits only slow down (logins) or sit well above the per-client ones (OTP mails).
 */
export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 30, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from one client: that client is then refused, no one else. */
  loginFailuresPerClient: { name: 'login-fail:client', limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from anywhere: past this, every try waits (LOGIN_SLOWDOWN). */
  loginFailuresPerAccount: { name: 'login-fail:account', limit: 10, windowMs: 15 * MINUTE },
  otpSendPerIp: { name: 'otp-send:ip', limit: 20, windowMs: HOUR },
  /** The shopper's hourly cap of OTP mails to an address; only sends past the 30 s lock count. */
  otpSendPerEmailAndClient: {
    name: 'otp-send:email-client',
    limit: ACCOUNT.otpSendsPerHour,
    windowMs: HOUR,
    message: otpMailsMessage,
  },
  /** Against mail-bombing an address from many clients; well above the per-client cap. */
  otpSendPerEmail: { name: 'otp-send:email', limit: 20, windowMs: HOUR, message: otpMailsMessage },
  otpVerifyPerIp: { name: 'otp-verify:ip', limit: 30, windowMs: 15 * MINUTE },
  /** Guessing is bounded by each code's 5 attempts; this only stops one client's flood. */
  otpVerifyPerEmailAndClient: { name: 'otp-verify:email-client', limit: 15, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  passwordPerIp: { name: 'password:ip', limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/**
 * The wait before checking a password once the account has many recent failures: doubling,
 * bounded. Clients with failures of their own take turns that far apart; a turn further ahead
 * than `maxQueueMs` is refused.
 */
export const LOGIN_SLOWDOWN = { firstDelayMs: 250, maxDelayMs: 2_000, maxQueueMs: 10_000 };

/** The account's schedule of password checks for clients with failures of their own. */
const LOGIN_TURNS: TurnRule = {
  name: 'login-turn:account',
  maxWaitMs: LOGIN_SLOWDOWN.maxQueueMs,
  message: (wait) => `Too many attempts for this account right now. Please try again in ${wait}.`,
};

function loginDelayMs(accountFailures: number): number {
  const over = accountFailures - RATE_LIMITS.loginFailuresPerAccount.limit;
  if (over < 0) return 0;
  return Math.min(LOGIN_SLOWDOWN.maxDelayMs, LOGIN_SLOWDOWN.firstDelayMs * 2 ** over);
}

/** One counter per address and client. */
function pair(email: string, ctx: RequestContext): string {
  return `${email}|${ctx.client}`;
}

/** What the server says; the storefront shows these as they are (docs/product.md §8 lists its fallbacks). */
export const AUTH_MESSAGES = {
  otpSent: 'OTP sent to your email',
  otpResent: 'OTP resent to your email',
  emailVerified: 'Email verified',
  otpVerified: 'OTP Verified',
  registered: 'Registered successfully',
  loggedIn: 'Logged in successfully',
  passwordUpdated: 'Password updated successfully',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  badCredentials: 'Invalid email or password',
  requestOtpFirst: 'Please request an OTP first',
  otpSpent: 'This OTP has already been used. Please request a new one',
  otpExpired: 'This OTP has expired. Please request a new one',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP',
  otpWrong: (left: number) =>
    left > 0
      ? `Invalid OTP. ${left} attempt${left === 1 ? '' : 's'} left`
      : 'Invalid OTP. Too many wrong attempts: please request a new OTP',
  otpReplaced: 'This OTP is no longer valid. Please use the latest one we sent',
  verifyEmailFirst: ACCOUNT_MESSAGES.verifyEmailFirst,
  verifyOtpFirst: 'Please verify the OTP sent to your email first',
  sessionOver: 'Your session has expired. Please login again.',
  loginRequired: 'Please login to continue',
  mailFailed: 'We could not send the email. Please try again in a moment.',
  currentPasswordNeeded: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
} as const;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  phone: string | null;
}

function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as UserRole,
    phone: row.phone,
  };
}

/** An account's name and its own (verified) e-mail: where the shop's mail about an order goes. */
export interface AccountContact {
  id: string;
  name: string;
  email: string;
}

/** The accounts of `ids` that exist, by id (for the orders module's mail and the admin's order list). */
export async function accountContacts(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, AccountContact>> {
  const rows = await findContacts(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Holds the account's row until the transaction `tx` ends, so that one account's cart changes and
 * checkouts run one after another (the cart module's lock). False when the account is gone.
 */
export function lockAccount(tx: Database, userId: string): Promise<boolean> {
  return lockUserRow(tx, userId);
}

interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenService;
  limiter: RateLimiter;
  otpKey: Buffer;
  log: Logger;
}

/** Who is asking, for the per-client limits. */
export interface RequestContext {
  /** The client's IPv4 address or IPv6 /64 (`clientKey`). */
  client: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, mailer, tokens, limiter, otpKey, log } = deps;
  const otpValidityMs = ACCOUNT.otpValidityMinutes * MINUTE;
  const resendMs = ACCOUNT.otpResendSeconds * 1000;
  /** Password OTP mails being sent after their answer went out; awaited on close. */
  const mailsInFlight = new Set<Promise<void>>();

  function resendWait(sentAt: Date, now: Date): RateLimitedError {
    const seconds = Math.max(1, Math.ceil((sentAt.getTime() + resendMs - now.getTime()) / 1000));
    shopMetrics.rateLimitRefusals.inc({ limit: 'otp-resend' });
    return new RateLimitedError(ACCOUNT_MESSAGES.resendWait(seconds), seconds);
  }

  async function sendOtp(email: string, purpose: OtpType, ctx: RequestContext): Promise<void> {
    await limiter.consume(RATE_LIMITS.otpSendPerIp, ctx.client);
    const user = await findUserByEmail(db, email);
    if (purpose === 'register' && user) throw new AppError('conflict', AUTH_MESSAGES.emailTaken);

    const now = clock.now();
    const lockedSince = new Date(now.getTime() - resendMs);
    const previous = await findOtp(db, email, purpose);
    // Checked before the hourly cap, so clicks during the countdown do not use up the hour's sends.
    if (previous && previous.sentAt > lockedSince) throw resendWait(previous.sentAt, now);
    // The client's own cap first: a refused stranger does not use up the address's allowance.
    await limiter.consume(RATE_LIMITS.otpSendPerEmailAndClient, pair(email, ctx));
    await limiter.consume(RATE_LIMITS.otpSendPerEmail, email);

    const code = generateOtp();
    const codeHash = hashOtp(otpKey, email, purpose, code);
    const stored = await replaceOtp(
      db,
      { email, purpose, codeHash, sentAt: now, expiresAt: new Date(now.getTime() + otpValidityMs) },
      lockedSince,
    );
    if (!stored) {
      // Another request (perhaps in another process) sent one a moment ago.
      const current = await findOtp(db, email, purpose);
      throw resendWait(current?.sentAt ?? now, now);
    }

    // A password code for an address without an account is stored (so the answer, the lock and
    // the timing look the same) but never mailed: the answer must not tell who has an account.
    if (purpose === 'password' && !user) {
      log.info({ purpose }, 'OTP requested for an address without an account; not sent');
      return;
    }
    const mail = otpMail({ to: email, code, purpose, validityMinutes: ACCOUNT.otpValidityMinutes });
    const forget = async (error: unknown) => {
      log.error({ err: error, purpose }, 'OTP mail could not be sent');
      shopMetrics.otpMails.inc({ outcome: 'refused' });
      await deleteOtp(db, { email, purpose, codeHash });
    };
    if (purpose === 'password') {
      // Not awaited: waiting for SMTP here would make the answer slower exactly when the address
      // has an account. A failure is logged and the code forgotten, so the shopper can ask again.
      const job: Promise<void> = mailer
        .send(mail)
        .then(() => void shopMetrics.otpMails.inc({ outcome: 'sent' }), forget)
        .catch((error: unknown) => log.error({ err: error }, 'unsent OTP could not be forgotten'))
        .finally(() => mailsInFlight.delete(job));
      mailsInFlight.add(job);
      return;
    }
    try {
      await mailer.send(mail);
      shopMetrics.otpMails.inc({ outcome: 'sent' });
    } catch (error) {
      await forget(error);
      throw new AppError('unavailable', AUTH_MESSAGES.mailFailed, { cause: error });
    }
  }

  /**
   * Once the account has many recent failures, every check of its password waits first
   * (docs/decisions/090-lockout-free-limits.md). A client without failures of its own on the
   * account (the owner, say) waits the delay and is never refused. Any other client takes a turn on
   * the account's schedule, shared by every process: one check per delay for the whole account,
   * however many clients guess in parallel; a turn more than LOGIN_SLOWDOWN.maxQueueMs away is
   * refused (429).
   */
  async function slowDown(email: string, accountBefore: number, clientBefore: number) {
    const delay = loginDelayMs(accountBefore);
    if (delay === 0) return;
    if (clientBefore === 0) return sleep(delay);
    await sleep(await limiter.turn(LOGIN_TURNS, email, delay));
  }

  /**
   * Checks a password of `email`'s account for this client: refused (429) after 10 failures from
   * this client; slowed down, never refused, by failures from elsewhere. The attempt is counted
   * before the check (so parallel tries cannot all pass a read of the count) and taken back if the
   * password is right or the check is not made.
   */
  async function passwordMatches(
    email: string,
    passwordHash: string | undefined,
    password: string,
    ctx: RequestContext,
  ): Promise<boolean> {
    const client = await limiter.reserve(RATE_LIMITS.loginFailuresPerClient, pair(email, ctx));
    let account: Reservation | undefined;
    try {
      account = await limiter.reserve(RATE_LIMITS.loginFailuresPerAccount, email, {
        refuse: false,
      });
      await slowDown(email, account.before, client.before);
    } catch (error) {
      await Promise.allSettled([client.release(), account?.release()]);
      throw error;
    }
    const valid = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
    if (!passwordHash || !valid) return false;
    await Promise.all([client.release(), account.release()]);
    return true;
  }

  return {
    /** POST /api/user/registerotp and resendotp (type register). */
    async sendRegisterOtp(email: string, ctx: RequestContext) {
      await sendOtp(email, 'register', ctx);
      return AUTH_MESSAGES.otpSent;
    },

    /** POST /api/user/passwordotp and resendotp (type password). */
    async sendPasswordOtp(email: string, ctx: RequestContext) {
      await sendOtp(email, 'password', ctx);
      return AUTH_MESSAGES.otpSent;
    },

    async resendOtp(email: string, purpose: OtpType, ctx: RequestContext) {
      await sendOtp(email, purpose, ctx);
      return AUTH_MESSAGES.otpResent;
    },

    /** POST /api/user/verifyotp. */
    async verifyOtp(email: string, code: string, purpose: OtpType, ctx: RequestContext) {
      await limiter.consume(RATE_LIMITS.otpVerifyPerIp, ctx.client);
      await limiter.consume(RATE_LIMITS.otpVerifyPerEmailAndClient, pair(email, ctx));
      const now = clock.now();
      const attempt = await takeOtpAttempt(db, email, purpose, now, ACCOUNT.otpMaxAttempts);
      if (!attempt) {
        const row = await findOtp(db, email, purpose);
        if (!row) throw new AppError('invalid_data', AUTH_MESSAGES.requestOtpFirst);
        if (row.verifiedAt) throw new AppError('invalid_data', AUTH_MESSAGES.otpSpent);
        if (row.attempts >= ACCOUNT.otpMaxAttempts) {
          throw new AppError('invalid_data', AUTH_MESSAGES.otpTooManyAttempts);
        }
        throw new AppError('invalid_data', AUTH_MESSAGES.otpExpired);
      }
      const codeHash = hashOtp(otpKey, email, purpose, code);
      if (!sameHash(codeHash, attempt.codeHash)) {
        throw new AppError(
          'invalid_data',
          AUTH_MESSAGES.otpWrong(ACCOUNT.otpMaxAttempts - attempt.attempts),
        );
      }
      if (!(await markOtpVerified(db, { email, purpose, codeHash }, now))) {
        throw new AppError('invalid_data', AUTH_MESSAGES.otpReplaced);
      }
      return purpose === 'register' ? AUTH_MESSAGES.emailVerified : AUTH_MESSAGES.otpVerified;
    },

    /** POST /api/user/register: only for an address verified in the last 30 minutes, once. */
    async register(input: { name: string; email: string; password: string }, ctx: RequestContext) {
      await limiter.consume(RATE_LIMITS.registerPerIp, ctx.client);
      if (await findUserByEmail(db, input.email)) {
        throw new AppError('conflict', AUTH_MESSAGES.emailTaken);
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const verifiedSince = new Date(now.getTime() - ACCOUNT.registerWindowMinutes * MINUTE);
      await db.transaction(async (tx) => {
        if (!(await useVerification(tx, input.email, 'register', verifiedSince, now))) {
          throw new AppError('forbidden', AUTH_MESSAGES.verifyEmailFirst);
        }
        const user = await insertUser(tx, { name: input.name, email: input.email, passwordHash });
        // Rolls the used verification back too: the address can still be registered by its owner.
        if (!user) throw new AppError('conflict', AUTH_MESSAGES.emailTaken);
      });
      log.info({}, 'account created');
      return AUTH_MESSAGES.registered;
    },

    /** POST /api/user/login: the same answer for an unknown e-mail and a wrong password. */
    async login(email: string, password: string, ctx: RequestContext) {
      await limiter.consume(RATE_LIMITS.loginPerIp, ctx.client);
      const user = await findUserByEmail(db, email);
      // Checked (against a dummy hash) and counted for an unknown address too: same answer, same time.
      const matches = await passwordMatches(email, user?.passwordHash, password, ctx);
      if (!user || !matches) throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
      const token = await tokens.sign({ userId: user.id, version: user.tokenVersion });
      return { token, message: AUTH_MESSAGES.loggedIn };
    },

    /**
     * POST /api/user/forgot-password. Changes the password of the logged-in user's own address
     * given its current password, or of an address whose password OTP was verified in the last 10
     * minutes (used once). A session token alone is not enough: a stolen one must not take over
     * the account. Anyone else is refused and nothing changes. Every older session of the account
     * ends; a logged-in owner gets a new token for this one.
     */
    async setPassword(
      input: { email: string; newPassword: string; currentPassword?: string },
      auth: { user: AuthUser | null; sessionRejected: boolean },
      ctx: RequestContext,
    ): Promise<{ message: string; token?: string }> {
      await limiter.consume(RATE_LIMITS.passwordPerIp, ctx.client);
      const now = clock.now();
      const owner = auth.user && auth.user.email === input.email ? auth.user : null;
      const answer = async (row: UserRow) =>
        owner
          ? {
              message: AUTH_MESSAGES.passwordUpdated,
              token: await tokens.sign({ userId: row.id, version: row.tokenVersion }),
            }
          : { message: AUTH_MESSAGES.passwordUpdated };

      if (owner && input.currentPassword !== undefined) {
        const row = await findUserById(db, owner.id);
        if (!row) throw new AppError('unauthorized', AUTH_MESSAGES.sessionOver);
        // A wrong one counts as a failed login of this client (and locks it like one).
        if (!(await passwordMatches(row.email, row.passwordHash, input.currentPassword, ctx))) {
          throw new AppError('invalid_data', AUTH_MESSAGES.currentPasswordWrong);
        }
        const passwordHash = await hashPassword(input.newPassword);
        const updated = await updatePassword(db, { id: owner.id }, passwordHash, now);
        if (!updated) throw new AppError('unauthorized', AUTH_MESSAGES.sessionOver);
        log.info({ userId: updated.id }, 'password changed by its owner');
        return answer(updated);
      }

      const passwordHash = await hashPassword(input.newPassword);
      const verifiedSince = new Date(now.getTime() - ACCOUNT.passwordResetWindowMinutes * MINUTE);
      const updated = await db.transaction(async (tx) => {
        const verified = await useVerification(tx, input.email, 'password', verifiedSince, now);
        if (!verified) {
          // A stale session on the change-password screen: tell the storefront to log in again.
          if (auth.sessionRejected) throw new AppError('unauthorized', AUTH_MESSAGES.sessionOver);
          if (owner) throw new AppError('invalid_data', AUTH_MESSAGES.currentPasswordNeeded);
          throw new AppError('forbidden', AUTH_MESSAGES.verifyOtpFirst);
        }
        const row = await updatePassword(tx, { email: input.email }, passwordHash, now);
        if (!row) throw new AppError('forbidden', AUTH_MESSAGES.verifyOtpFirst);
        return row;
      });
      log.info({ userId: updated.id }, 'password reset with an e-mail OTP');
      return answer(updated);
    },

    /** Waits for the password OTP mails still being sent (on close). */
    async drain(timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (mailsInFlight.size > 0 && Date.now() < deadline) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeUp = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, deadline - Date.now());
        });
        await Promise.race([Promise.allSettled([...mailsInFlight]), timeUp]);
        clearTimeout(timer);
      }
      if (mailsInFlight.size > 0)
        log.error({ mails: mailsInFlight.size }, 'shutting down with OTP mails still being sent');
    },

    /** The user a session token names, or null when the token is invalid, expired or outdated. */
    async userForToken(token: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      if (!UUID.test(claims.userId)) return null;
      const row = await findUserById(db, claims.userId);
      if (!row || row.tokenVersion !== claims.version) return null;
      return toAuthUser(row);
    },

    me(user: AuthUser): PublicUser {
      return { name: user.name, email: user.email, role: user.role, phone: user.phone };
    },

    /** The profile's name and mobile number; an empty number clears it. */
    async updateProfile(user: AuthUser, update: ProfileUpdate): Promise<PublicUser> {
      const phone = update.phone === undefined ? user.phone : update.phone || null;
      const row = await updateProfile(db, user.id, { name: update.name, phone }, clock.now());
      // The account was deleted after the token was checked: as if logged out.
      if (!row) throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
      return this.me(toAuthUser(row));
    },
  };
}

import { ACCOUNT, ACCOUNT_MESSAGES } from '@vastra/shared/constants';
import type { OtpType, PublicUser, UserRole } from '@vastra/shared/schemas/user';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
} from '../../plugins/rate-limit/rate-limiter';
import type { Mailer } from '../../providers/mailer/mailer';
import {
  deleteOtp,
  findOtp,
  findUserByEmail,
  findUserById,
  insertUser,
  markOtpVerified,
  replaceOtp,
  takeOtpAttempt,
  updatePassword,
  useVerification,
} from './auth.repository';
import { generateOtp, hashOtp, sameHash } from './otp-code';
import { otpMail } from './otp-mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 60 * MINUTE;

/** Per IP and per e-mail, on login and every OTP route (issue 4); counted across processes. */
export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 30, windowMs: 15 * MINUTE },
  loginPerEmail: { name: 'login:email', limit: 10, windowMs: 15 * MINUTE },
  otpSendPerIp: { name: 'otp-send:ip', limit: 20, windowMs: HOUR },
  /** The hourly cap of OTP mails per address; only sends that pass the 30 s lock count. */
  otpSendPerEmail: {
    name: 'otp-send:email',
    limit: ACCOUNT.otpSendsPerHour,
    windowMs: HOUR,
    message: (wait: string) => `Too many OTP requests for this email. Please try again in ${wait}.`,
  },
  otpVerifyPerIp: { name: 'otp-verify:ip', limit: 30, windowMs: 15 * MINUTE },
  otpVerifyPerEmail: { name: 'otp-verify:email', limit: 15, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  passwordPerIp: { name: 'password:ip', limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** What the server says; the storefront shows these as they are (spec §8 lists its fallbacks). */
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
} as const;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role as UserRole };
}

interface Logger {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenService;
  limiter: RateLimiter;
  otpKey: Buffer;
  log: Logger;
}

/** Who is asking: the client's address, for the per-IP limits. */
export interface RequestContext {
  ip: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, mailer, tokens, limiter, otpKey, log } = deps;
  const otpValidityMs = ACCOUNT.otpValidityMinutes * MINUTE;
  const resendMs = ACCOUNT.otpResendSeconds * 1000;

  function resendWait(sentAt: Date, now: Date): RateLimitedError {
    const seconds = Math.max(1, Math.ceil((sentAt.getTime() + resendMs - now.getTime()) / 1000));
    return new RateLimitedError(ACCOUNT_MESSAGES.resendWait(seconds), seconds);
  }

  async function sendOtp(email: string, purpose: OtpType, ctx: RequestContext): Promise<void> {
    await limiter.consume(RATE_LIMITS.otpSendPerIp, ctx.ip);
    const user = await findUserByEmail(db, email);
    if (purpose === 'register' && user) throw new AppError('conflict', AUTH_MESSAGES.emailTaken);

    const now = clock.now();
    const lockedSince = new Date(now.getTime() - resendMs);
    const previous = await findOtp(db, email, purpose);
    // Checked before the hourly cap, so clicks during the countdown do not use up the hour's sends.
    if (previous && previous.sentAt > lockedSince) throw resendWait(previous.sentAt, now);
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
    try {
      await mailer.send(
        otpMail({ to: email, code, purpose, validityMinutes: ACCOUNT.otpValidityMinutes }),
      );
    } catch (error) {
      log.error({ err: error, purpose }, 'OTP mail could not be sent');
      await deleteOtp(db, { email, purpose, codeHash });
      throw new AppError('unavailable', AUTH_MESSAGES.mailFailed, { cause: error });
    }
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
      await limiter.consume(RATE_LIMITS.otpVerifyPerIp, ctx.ip);
      await limiter.consume(RATE_LIMITS.otpVerifyPerEmail, email);
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
      await limiter.consume(RATE_LIMITS.registerPerIp, ctx.ip);
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
      await limiter.consume(RATE_LIMITS.loginPerIp, ctx.ip);
      await limiter.consume(RATE_LIMITS.loginPerEmail, email);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        password,
      );
      if (!user || !valid) throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
      const token = await tokens.sign({ userId: user.id, version: user.tokenVersion });
      return { token, message: AUTH_MESSAGES.loggedIn };
    },

    /**
     * POST /api/user/forgot-password. Changes the password of the logged-in user's own address,
     * or of an address whose password OTP was verified in the last 10 minutes (used once).
     * Anyone else is refused and nothing changes. Every older session of the account ends; the
     * logged-in user gets a new token for this one.
     */
    async setPassword(
      input: { email: string; newPassword: string },
      auth: { user: AuthUser | null; sessionRejected: boolean },
      ctx: RequestContext,
    ): Promise<{ message: string; token?: string }> {
      await limiter.consume(RATE_LIMITS.passwordPerIp, ctx.ip);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      if (auth.user && auth.user.email === input.email) {
        const updated = await updatePassword(db, { id: auth.user.id }, passwordHash, now);
        if (!updated) throw new AppError('unauthorized', AUTH_MESSAGES.sessionOver);
        const token = await tokens.sign({ userId: updated.id, version: updated.tokenVersion });
        log.info({ userId: updated.id }, 'password changed by its owner');
        return { message: AUTH_MESSAGES.passwordUpdated, token };
      }
      const verifiedSince = new Date(now.getTime() - ACCOUNT.passwordResetWindowMinutes * MINUTE);
      const updated = await db.transaction(async (tx) => {
        const verified = await useVerification(tx, input.email, 'password', verifiedSince, now);
        if (!verified) {
          // A stale session on the change-password screen: tell the storefront to log in again.
          if (auth.sessionRejected) throw new AppError('unauthorized', AUTH_MESSAGES.sessionOver);
          throw new AppError('forbidden', AUTH_MESSAGES.verifyOtpFirst);
        }
        const row = await updatePassword(tx, { email: input.email }, passwordHash, now);
        if (!row) throw new AppError('forbidden', AUTH_MESSAGES.verifyOtpFirst);
        return row;
      });
      log.info({ userId: updated.id }, 'password reset with an e-mail OTP');
      return { message: AUTH_MESSAGES.passwordUpdated };
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
      return { name: user.name, email: user.email };
    },
  };
}

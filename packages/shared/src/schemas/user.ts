import { z } from 'zod';
import { ACCOUNT, ACCOUNT_MESSAGES as M } from '../constants';
import { indianMobileSchema } from './order';
import { text } from './common';

/**
 * Accounts (docs/product.md §7): the payloads of every /api/user call and their answers. Field names
 * are docs/product.md's (`otp`, `type`, `newpassword`); the messages are the shopper-facing ones, so the
 * API's 400 answers read like the storefront's own checks.
 */

export const OTP_TYPES = ['register', 'password'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Trimmed and lower-cased: one account per address, however it is typed. */
export const emailSchema = text({ error: M.enterEmail })
  .trim()
  .toLowerCase()
  .min(1, M.enterEmail)
  .max(ACCOUNT.emailMaxLength, M.invalidEmail)
  .pipe(z.email({ error: M.invalidEmail }));

export const otpSchema = text({ error: M.enterOtp })
  .trim()
  .min(1, M.enterOtp)
  .max(ACCOUNT.otpLength, M.invalidOtp)
  .regex(new RegExp(`^\\d{${ACCOUNT.otpLength}}$`), M.invalidOtp);

export const otpTypeSchema = z.enum(OTP_TYPES, { error: 'type must be register or password' });

/*
 * Passwords are plain strings with length bounds only, not text(): they are hashed, never stored or
 * shown as text, so a NUL or a lone surrogate harms nothing (argon2 takes any string; a lone
 * surrogate is hashed as U+FFFD, the replacement character). Refusing them would lock out an
 * account whose password has one (docs/decisions/090-lockout-free-limits.md).
 */

/** A password being set (register, reset, change): at least 8 characters, at most 128. */
export const newPasswordSchema = z
  .string({ error: M.enterNewPassword })
  .min(1, M.enterNewPassword)
  .min(ACCOUNT.passwordMinLength, M.passwordTooShort)
  .max(ACCOUNT.passwordMaxLength, M.passwordTooLong);

/** A password being checked (login): any length, so older accounts are never locked out. */
export const loginPasswordSchema = z
  .string({ error: M.enterPassword })
  .min(1, M.enterPassword)
  .max(1024, M.enterPassword);

export const nameSchema = text({ error: M.enterName })
  .trim()
  .min(1, M.enterName)
  .max(ACCOUNT.nameMaxLength, `Your name must be at most ${ACCOUNT.nameMaxLength} characters long`);

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const verifyOtpRequestSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  type: otpTypeSchema,
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const resendOtpRequestSchema = z.object({
  email: emailSchema,
  // The storefront resends only password OTPs (docs/product.md §7); register resends go through registerotp.
  type: otpTypeSchema.default('password'),
});
export type ResendOtpRequest = z.infer<typeof resendOtpRequestSchema>;

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  newpassword: newPasswordSchema,
  /** A logged-in owner changing their password proves it with the current one (or a fresh OTP). */
  currentPassword: loginPasswordSchema.optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `{ success, message }`: every account call that returns no data. */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string().min(1),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * A password change ends every other session; when the logged-in user changed their own password,
 * `token` is this browser's new session.
 */
export const forgotPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().min(1).optional(),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const publicUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The shop shows its owner the way to /admin. */
  role: z.enum(['customer', 'admin']),
  /** 10 digits, or null when the shopper gave none. */
  phone: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const PROFILE_MESSAGES = {
  saved: 'Your profile is saved',
} as const;

/** `PATCH /api/user/me`: the name and, optionally, a mobile number (empty clears it). */
export const profileUpdateSchema = z.object({
  name: nameSchema,
  phone: indianMobileSchema(true).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = meResponseSchema.extend({
  message: z.string(),
});

import type { OtpType } from '@vastra/shared/schemas/user';
import { api } from '@/lib/api-client';

/**
 * The account calls of docs/product.md §7, one function each. Every answer is checked with the
 * endpoint table's schema, loaded with the call so zod stays out of the first chunk
 * (docs/decisions/022, 105).
 */

export function sendRegisterOtp(email: string) {
  return api.call('account.registerOtp', { body: { email } });
}

export function sendPasswordOtp(email: string) {
  return api.call('account.passwordOtp', { body: { email } });
}

export function resendOtp(email: string, type: OtpType) {
  return api.call('account.resendOtp', { body: { email, type } });
}

export function verifyOtp(email: string, otp: string, type: OtpType) {
  return api.call('account.verifyOtp', { body: { email, otp, type } });
}

export function register(input: { name: string; email: string; password: string }) {
  return api.call('account.register', { body: input });
}

export function login(email: string, password: string) {
  return api.call('account.login', { body: { email, password } });
}

/**
 * forgot-password: after a verified OTP, or for the logged-in user's own e-mail with its current
 * password (the token is sent; a session alone is not enough).
 */
export function setPassword(email: string, newpassword: string, currentPassword?: string) {
  return api.call('account.forgotPassword', {
    body:
      currentPassword === undefined
        ? { email, newpassword }
        : { email, newpassword, currentPassword },
  });
}

/** The profile's name and mobile number; an empty number clears it (docs/decisions/130). */
export function updateProfile(input: { name: string; phone: string }) {
  return api.call('account.updateMe', { body: input });
}

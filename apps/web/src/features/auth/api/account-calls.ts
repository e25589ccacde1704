import type { OtpType } from '@vastra/shared/schemas/user';
import { api } from '@/lib/api-client';

/**
 * The account calls of docs/product.md §7, one function each. Answers with data (login, the password change,
 * /me) are checked with the shared zod contracts, loaded with the call so zod stays out of the
 * first chunk (docs/decisions/022); `{ success, message }` answers need no more than the client's
 * own `success: false` check.
 */
const schemas = () => import('@vastra/shared/schemas/user');

interface MessageAnswer {
  success: true;
  message: string;
}

export function sendRegisterOtp(email: string): Promise<MessageAnswer> {
  return api.post('/api/user/registerotp', { email });
}

export function sendPasswordOtp(email: string): Promise<MessageAnswer> {
  return api.post('/api/user/passwordotp', { email });
}

export function resendOtp(email: string, type: OtpType): Promise<MessageAnswer> {
  return api.post('/api/user/resendotp', { email, type });
}

export function verifyOtp(email: string, otp: string, type: OtpType): Promise<MessageAnswer> {
  return api.post('/api/user/verifyotp', { email, otp, type });
}

export function register(input: {
  name: string;
  email: string;
  password: string;
}): Promise<MessageAnswer> {
  return api.post('/api/user/register', input);
}

export function login(email: string, password: string) {
  return api.post(
    '/api/user/login',
    { email, password },
    { schema: () => schemas().then((m) => m.loginResponseSchema) },
  );
}

/**
 * forgot-password: after a verified OTP, or for the logged-in user's own e-mail with its current
 * password (the token is sent; a session alone is not enough).
 */
export function setPassword(email: string, newpassword: string, currentPassword?: string) {
  return api.post(
    '/api/user/forgot-password',
    currentPassword === undefined
      ? { email, newpassword }
      : { email, newpassword, currentPassword },
    { schema: () => schemas().then((m) => m.forgotPasswordResponseSchema) },
  );
}

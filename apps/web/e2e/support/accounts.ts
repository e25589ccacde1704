// Accounts for journeys that need a logged-in shopper (cart, checkout, orders): made through the
// real API, with the OTP read from the real mail.
import crypto from 'node:crypto';
import { baseURL, clientAddress } from './browser';
import { mailsTo, readOtp } from './mail';

/** A new address per call: journeys run in parallel on one server. */
export function uniqueEmail(label = 'shopper'): string {
  return `${label}.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

async function call<T = { success: boolean; message: string }>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(), ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { success: boolean; message?: string };
  if (!response.ok || !answer.success)
    throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Registers an account through registerotp → the mailed code → verifyotp → register. */
export async function createAccount(overrides: Partial<Account> = {}): Promise<Account> {
  const account = {
    name: 'Test Shopper',
    email: uniqueEmail(),
    password: 'pass-word-123',
    ...overrides,
  };
  const before = mailsTo(account.email).length;
  await call('/api/user/registerotp', { email: account.email });
  const otp = await readOtp(account.email, { count: before });
  await call('/api/user/verifyotp', { email: account.email, otp, type: 'register' });
  await call('/api/user/register', account);
  return account;
}

/** A session token, as the login page would store it under `token`. */
export async function loginToken(account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const answer = await call<{ token: string }>('/api/user/login', {
    email: account.email,
    password: account.password,
  });
  return answer.token;
}

/**
 * Changes the password with the account's own token and current password (as /update-password
 * does); ends other sessions.
 */
export async function changePassword(
  account: Pick<Account, 'email' | 'password'>,
  token: string,
  newpassword: string,
): Promise<string | undefined> {
  const answer = await call<{ token?: string }>(
    '/api/user/forgot-password',
    { email: account.email, newpassword, currentPassword: account.password },
    { token },
  );
  return answer.token;
}

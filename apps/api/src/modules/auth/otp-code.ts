import crypto from 'node:crypto';
import { ACCOUNT } from '@vastra/shared/constants';
import type { OtpType } from '@vastra/shared/schemas/user';

/** Uniformly random digits from the operating system's CSPRNG. */
export function generateOtp(): string {
  return crypto
    .randomInt(0, 10 ** ACCOUNT.otpLength)
    .toString()
    .padStart(ACCOUNT.otpLength, '0');
}

/**
 * Codes are stored as an HMAC under a server key, bound to the address and purpose. A plain hash
 * of a 6-digit code would fall to a million guesses offline; without the key a copied table
 * reveals nothing, and a code cannot be moved to another address or purpose.
 */
export function hashOtp(key: Buffer, email: string, purpose: OtpType, code: string): string {
  return crypto.createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

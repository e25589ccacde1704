import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when configured (required in production, see config.ts). Otherwise a random secret
 * created on the first start and kept in `<dataDir>/jwt-secret` (mode 600), so sessions survive a
 * restart on the same data dir without anyone having to invent a secret for development.
 */
export function resolveJwtSecret(opts: { jwtSecret: string | undefined; dataDir: string }): string {
  if (opts.jwtSecret) return opts.jwtSecret;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, JWT_SECRET_FILE);
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx': two processes starting together cannot both write; the loser reads the winner's.
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored.length < 32) {
    throw new Error(`${file} holds no usable secret: delete it and restart to create a new one.`);
  }
  return stored;
}

/** A separate key for OTP hashes, derived so that one secret is all an operator has to keep. */
export function deriveOtpKey(jwtSecret: string): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('vastra/email-otp/v1').digest();
}

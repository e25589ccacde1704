import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the library's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/**
 * argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum), about 20 ms
 * a hash here. The PHC string keeps the parameters, so raising them later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash to check against when the e-mail has no account, so a wrong e-mail costs as long as a
 * wrong password and the answer's timing does not tell which it was.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(`no account ${Math.random()}`);
  return dummy;
}

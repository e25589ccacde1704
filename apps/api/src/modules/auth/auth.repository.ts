import { and, eq, gte, inArray, isNull, lte, gt, lt, sql } from 'drizzle-orm';
import type { OtpType, UserRole } from '@vastra/shared/schemas/user';
import type { Database } from '../../db/client';
import { emailOtps, type EmailOtpRow } from '../../db/schema/email-otps';
import { users, type UserRow } from '../../db/schema/users';

/** Anything that runs queries: the database or a transaction. */
type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Undefined when the address is taken (the unique index decides, even for two racing requests). */
export async function insertUser(
  db: Queryable,
  user: { name: string; email: string; passwordHash: string; role?: UserRole },
): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(user).onConflictDoNothing().returning();
  return rows[0];
}

/** Sets a new hash and ends every session issued before (token_version + 1). */
export async function updatePassword(
  db: Queryable,
  where: { id: string } | { email: string },
  passwordHash: string,
  at: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email))
    .returning();
  return rows[0];
}

/** The profile's own fields; the session stays valid (nothing about signing in changed). */
export async function updateProfile(
  db: Queryable,
  id: string,
  profile: { name: string; phone: string | null },
  at: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...profile, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function findOtp(
  db: Queryable,
  email: string,
  purpose: OtpType,
): Promise<EmailOtpRow | undefined> {
  const rows = await db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.email, email), eq(emailOtps.purpose, purpose)))
    .limit(1);
  return rows[0];
}

/**
 * Stores a new code for (email, purpose), replacing the old one, unless the old one was sent after
 * `lockedSince` (the resend lock). One statement: two processes racing cannot both send.
 * Undefined when the lock held.
 */
export async function replaceOtp(
  db: Queryable,
  otp: { email: string; purpose: OtpType; codeHash: string; sentAt: Date; expiresAt: Date },
  lockedSince: Date,
): Promise<EmailOtpRow | undefined> {
  const rows = await db
    .insert(emailOtps)
    .values({ ...otp, attempts: 0, verifiedAt: null, usedAt: null })
    .onConflictDoUpdate({
      target: [emailOtps.email, emailOtps.purpose],
      set: {
        codeHash: otp.codeHash,
        sentAt: otp.sentAt,
        expiresAt: otp.expiresAt,
        attempts: 0,
        verifiedAt: null,
        usedAt: null,
      },
      setWhere: lte(emailOtps.sentAt, lockedSince),
    })
    .returning();
  return rows[0];
}

/** Forgets a code whose mail could not be sent, so the shopper is not locked out for nothing. */
export async function deleteOtp(
  db: Queryable,
  otp: { email: string; purpose: OtpType; codeHash: string },
): Promise<void> {
  await db
    .delete(emailOtps)
    .where(
      and(
        eq(emailOtps.email, otp.email),
        eq(emailOtps.purpose, otp.purpose),
        eq(emailOtps.codeHash, otp.codeHash),
      ),
    );
}

/**
 * Takes one guess from a live code's allowance before the guess is compared, so no number of
 * parallel requests can compare more than the allowed number of guesses. Undefined when the code
 * is missing, spent, expired or out of guesses.
 */
export async function takeOtpAttempt(
  db: Queryable,
  email: string,
  purpose: OtpType,
  now: Date,
  maxAttempts: number,
): Promise<EmailOtpRow | undefined> {
  const rows = await db
    .update(emailOtps)
    .set({ attempts: sql`${emailOtps.attempts} + 1` })
    .where(
      and(
        eq(emailOtps.email, email),
        eq(emailOtps.purpose, purpose),
        isNull(emailOtps.verifiedAt),
        lt(emailOtps.attempts, maxAttempts),
        gt(emailOtps.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}

/** Marks the code spent and the address verified, if it is still the same, unspent code. */
export async function markOtpVerified(
  db: Queryable,
  otp: { email: string; purpose: OtpType; codeHash: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailOtps)
    .set({ verifiedAt: at })
    .where(
      and(
        eq(emailOtps.email, otp.email),
        eq(emailOtps.purpose, otp.purpose),
        eq(emailOtps.codeHash, otp.codeHash),
        isNull(emailOtps.verifiedAt),
      ),
    )
    .returning({ email: emailOtps.email });
  return rows.length === 1;
}

/**
 * Uses a verification made at or after `verifiedSince`, once: the first caller gets true, every
 * later (or concurrent) one false.
 */
export async function useVerification(
  db: Queryable,
  email: string,
  purpose: OtpType,
  verifiedSince: Date,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailOtps)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailOtps.email, email),
        eq(emailOtps.purpose, purpose),
        gte(emailOtps.verifiedAt, verifiedSince),
        isNull(emailOtps.usedAt),
      ),
    )
    .returning({ email: emailOtps.email });
  return rows.length === 1;
}

/**
 * Locks the account's row until the transaction ends (NO KEY UPDATE: foreign-key checks of other
 * transactions still pass). False when the account no longer exists.
 */
export async function lockUserRow(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return rows.length > 0;
}

export async function findContacts(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

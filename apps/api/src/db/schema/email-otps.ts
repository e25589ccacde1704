import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live one-time code for an e-mail address and a purpose (register | password). Sending a new
 * code replaces the row, so an older code dies with it. The code itself is never stored: only an
 * HMAC of it under a server secret.
 */
export const emailOtps = pgTable(
  'email_otps',
  {
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** When this code was sent: the 30 s resend lock counts from here. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Guesses made against this code, right ones included; at the limit the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    /** The right code was entered: the code is spent, and the address counts as verified. */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** The verification was used (an account created, a password set): it cannot be used again. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.purpose] }),
    check('email_otps_purpose_known', sql`${t.purpose} in ('register', 'password')`),
  ],
);

export type EmailOtpRow = typeof emailOtps.$inferSelect;

import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { emailSchema, nameSchema, newPasswordSchema } from '@vastra/shared/schemas/user';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { hashPassword } from './passwords';

interface AdminInput {
  email: string;
  /** Used for a new account; an existing account keeps its name unless one is given. */
  name?: string | undefined;
  password: string;
}

/**
 * Creates an admin, or promotes the account with that e-mail. Either way the password becomes the
 * one given (argon2id, the shop's 8-character minimum) and sessions issued before end
 * (token_version + 1): whoever runs this decides the admin's credentials. One upsert on the unique
 * e-mail, so two runs racing leave one account.
 */
export async function createOrPromoteAdmin(
  db: Database,
  input: AdminInput,
): Promise<{ id: string; email: string; created: boolean }> {
  const email = parseOrRefuse(emailSchema, input.email);
  const password = parseOrRefuse(newPasswordSchema, input.password);
  const name = input.name === undefined ? undefined : parseOrRefuse(nameSchema, input.name);
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ email, name: name ?? email.split('@')[0] ?? email, passwordHash, role: 'admin' })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        role: 'admin',
        passwordHash,
        ...(name === undefined ? {} : { name }),
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      },
    })
    // xmax = 0 only on a row this statement inserted (PostgreSQL's usual upsert idiom).
    .returning({ id: users.id, email: users.email, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('admin upsert returned nothing');
  return row;
}

function parseOrRefuse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('invalid_data', parsed.error.issues[0]?.message ?? 'Invalid value');
  return parsed.data;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.count ?? 0);
}

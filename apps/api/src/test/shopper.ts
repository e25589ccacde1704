import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../modules/auth/passwords';

const PASSWORD = 'correct horse battery';
// argon2id is slow on purpose: hash the shared test password once per test file.
let passwordHash: Promise<string> | undefined;

/**
 * A customer created in the database and logged in through the real login route, for tests of
 * the routes that need a session (cart, coupons, orders). `label` prefixes the e-mail.
 */
export async function loggedInShopper(
  app: FastifyInstance,
  db: Database,
  label = 'shopper',
): Promise<{ token: string; userId: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `${label}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ name: 'Asha Rao', email, passwordHash: await passwordHash })
    .returning({ id: users.id });
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: PASSWORD },
  });
  const body = res.json<{ success: boolean; token?: string }>();
  if (!row || !body.success || !body.token)
    throw new Error(`Test shopper could not log in: ${res.body}`);
  return { token: body.token, userId: row.id, email };
}

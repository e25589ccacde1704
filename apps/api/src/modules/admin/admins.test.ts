import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { isAppError } from '../../lib/app-error';
import { makeTempDir } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { bootstrapAdmin } from '../../db/seed/seed-admin';
import { createOrPromoteAdmin } from '../auth/admins.service';
import { loggedInShopper, silentLogger } from '../../test/fixtures';

const t = useTestApp();

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
const overview = (token: string) =>
  t.app.inject({ url: '/api/admin/overview', headers: { token } });
const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can log in and use the admin API', async () => {
    const result = await createOrPromoteAdmin(t.db, {
      email: ' Owner@Example.COM ',
      name: 'Shop Owner',
      password: 'owner-password',
    });
    expect(result).toMatchObject({ email: 'owner@example.com', created: true });
    const row = await userByEmail('owner@example.com');
    expect(row).toMatchObject({ role: 'admin', name: 'Shop Owner' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const token = (await login('owner@example.com', 'owner-password')).json().token;
    expect((await overview(token)).statusCode).toBe(200);
  });

  it('promotes a customer, replacing the password and ending their old sessions', async () => {
    const customer = await loggedInShopper(t.app, t.db, 'promoted');
    expect((await overview(customer.token)).statusCode).toBe(403);
    const result = await createOrPromoteAdmin(t.db, {
      email: customer.email,
      password: 'brand-new-password',
    });
    expect(result).toEqual({ id: customer.userId, email: customer.email, created: false });
    expect(await userByEmail(customer.email)).toMatchObject({ role: 'admin', name: 'Asha Rao' });
    expect((await overview(customer.token)).statusCode).toBe(401);
    const token = (await login(customer.email, 'brand-new-password')).json().token;
    expect((await overview(token)).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email'],
    [{ email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long'],
    [{ email: 'a@example.com', password: 'long enough', name: ' ' }, 'Please enter your name'],
  ])('refuses %o, creating nothing', async (input, message) => {
    const error = await createOrPromoteAdmin(t.db, input).catch((e: unknown) => e);
    expect(isAppError(error) && error.message).toBe(message);
    expect(await t.db.select().from(users)).toEqual([]);
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('are both or neither, and the password is never echoed in the error', () => {
    const base = { DATA_DIR: makeTempDir('cfg') };
    expect(
      loadConfig({ ...base, ADMIN_EMAIL: 'A@Example.com', ADMIN_PASSWORD: 'secret-123' })
        .bootstrapAdmin,
    ).toEqual({
      email: 'a@example.com',
      password: 'secret-123',
    });
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'a@example.com' })).toThrow(
      /ADMIN_PASSWORD: required when the other of ADMIN_EMAIL, ADMIN_PASSWORD is set/,
    );
    const error = (() => {
      try {
        loadConfig({ ...base, ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'tiny' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(
      'ADMIN_PASSWORD: must be at least 8 characters long',
    );
    expect((error as Error).message).not.toContain('tiny');
  });

  it('make the first admin at start, and leave the shop alone once it has one', async () => {
    const admin = { email: 'boss@example.com', password: 'first-password' };
    expect(await bootstrapAdmin(t.db, undefined, silentLogger)).toBe('skipped');
    expect(await bootstrapAdmin(t.db, admin, silentLogger)).toBe('created');
    // A restart with another password (or after the admin changed theirs) changes nothing.
    expect(
      await bootstrapAdmin(t.db, { ...admin, password: 'second-password' }, silentLogger),
    ).toBe('skipped');
    expect((await login(admin.email, 'first-password')).statusCode).toBe(200);
    expect((await login(admin.email, 'second-password')).statusCode).toBe(401);
  });
});

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { fromPglite } from '../../db/client';
import { acquireDataDirLock } from '../../db/data-dir-lock';
import { users } from '../../db/schema/users';
import { isAppError } from '../../lib/app-error';
import { buildTestApp, insertProducts, makeTempDir, type TestApp } from '../../test/test-app';
import {
  createTestDatabase,
  preparePgliteDataDir,
  type TestDatabase,
} from '../../test/test-database';
import { loggedInShopper } from '../../test/shopper';
import { bootstrapAdmin, createOrPromoteAdmin } from './admins';

let database: TestDatabase;
let t: TestApp;
const quiet = { info: () => {} };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp(database);
});
afterAll(async () => {
  await t?.close();
  await database?.destroy();
});
beforeEach(async () => {
  await database.reset();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
const overview = (token: string) =>
  t.app.inject({ url: '/api/admin/overview', headers: { token } });
const userByEmail = async (email: string) =>
  (await database.handle.db.select().from(users).where(eq(users.email, email)))[0];

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can log in and use the admin API', async () => {
    const result = await createOrPromoteAdmin(database.handle.db, {
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
    const customer = await loggedInShopper(t.app, database.handle.db, 'promoted');
    expect((await overview(customer.token)).statusCode).toBe(403);
    const result = await createOrPromoteAdmin(database.handle.db, {
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
    const error = await createOrPromoteAdmin(database.handle.db, input).catch((e: unknown) => e);
    expect(isAppError(error) && error.message).toBe(message);
    expect(await database.handle.db.select().from(users)).toEqual([]);
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
    expect(await bootstrapAdmin(database.handle.db, undefined, quiet)).toBe('skipped');
    expect(await bootstrapAdmin(database.handle.db, admin, quiet)).toBe('created');
    // A restart with another password (or after the admin changed theirs) changes nothing.
    expect(
      await bootstrapAdmin(database.handle.db, { ...admin, password: 'second-password' }, quiet),
    ).toBe('skipped');
    expect((await login(admin.email, 'first-password')).statusCode).toBe(200);
    expect((await login(admin.email, 'second-password')).statusCode).toBe(401);
  });
});

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function run(file: string, args: string[], env: Record<string, string>) {
  const {
    DATABASE_URL: _a,
    TEST_DATABASE_URL: _b,
    ADMIN_EMAIL: _c,
    ADMIN_PASSWORD: _d,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: apiDir,
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

async function usersIn(dataDir: string) {
  const handle = fromPglite(await PGlite.create({ dataDir: path.join(dataDir, 'pglite') }));
  try {
    return await handle.db.select().from(users);
  } finally {
    await handle.close();
  }
}

describe('processes (PGlite data dir)', () => {
  it('npm run admin:create’s script creates then promotes, and refuses while a server holds the dir', async () => {
    const dataDir = makeTempDir('admin-create');
    await preparePgliteDataDir(dataDir);
    const script = path.join(apiDir, 'scripts/create-admin.ts');
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'script-password' };

    const first = run(script, ['--email', 'Owner@Example.com', '--name', 'Owner'], env);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('Admin owner@example.com created.');
    expect(first.output()).not.toContain('script-password');
    const [created] = await usersIn(dataDir);
    expect(created).toMatchObject({ email: 'owner@example.com', role: 'admin', name: 'Owner' });

    const again = run(script, ['--email', 'owner@example.com'], env);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('owner@example.com is now an admin');

    const lock = await acquireDataDirLock(dataDir);
    try {
      const locked = run(script, ['--email', 'owner@example.com'], env);
      expect(await locked.exited).toBe(1);
      expect(locked.output()).toContain('Stop the server first');
    } finally {
      lock.release();
    }
    const noPassword = run(script, ['--email', 'x@example.com'], { DATA_DIR: dataDir });
    expect(await noPassword.exited).toBe(1);
    expect(noPassword.output()).toContain('set ADMIN_PASSWORD');
  }, 60_000);

  it('the server makes ADMIN_EMAIL an admin at its first start', async () => {
    const dataDir = makeTempDir('admin-boot');
    // A catalogue is there already, so the start skips the (slow) image seed.
    await preparePgliteDataDir(dataDir, async (handle) => {
      await insertProducts(handle.db, [{ name: 'Already here' }]);
    });
    const server = run(path.join(apiDir, 'src/server.ts'), [], {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: makeTempDir('web'),
      JWT_SECRET: 'admin-boot-secret-0123456789-abcdefghij',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_EMAIL: 'first@example.com',
      ADMIN_PASSWORD: 'first-admin-password',
    });
    try {
      await expect
        .poll(() => server.output(), { timeout: 30_000, interval: 200 })
        .toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
      const url = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1];
      expect(server.output()).toContain('admin created');
      const res = await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first@example.com', password: 'first-admin-password' }),
      });
      const { token } = (await res.json()) as { token: string };
      const admin = await fetch(`${url}/api/admin/overview`, { headers: { token } });
      expect(admin.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});

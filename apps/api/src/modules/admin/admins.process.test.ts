import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { fromPglite, PGLITE_EXTENSIONS } from '../../db/client';
import { acquireDataDirLock } from '../../db/data-dir-lock';
import { users } from '../../db/schema/users';
import { insertProducts } from '../../test/fixtures';
import { makeTempDir } from '../../test/test-app';
import { preparePgliteDataDir } from '../../test/test-database';

/*
 * npm run admin:create's script and the server's first start with ADMIN_EMAIL, as real processes
 * (vitest project api-processes; docs/architecture.md §6).
 */

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
  const handle = fromPglite(
    await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS }),
  );
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

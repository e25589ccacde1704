import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE_NAME } from './db/data-dir-lock';
import { makeTempDir } from './test/test-app';
import { preparePgliteDataDir, usingPostgres } from './test/test-database';
import { insertProducts } from './test/fixtures';
import { currentDatabase, startServer } from './test/server-process';
import { useTestApp } from './test/use-test-app';

describe('server.ts', () => {
  it('refuses to start on a data dir another server holds, and says why', async () => {
    const dataDir = makeTempDir('locked');
    const lock = await acquireDataDirLock(dataDir);
    try {
      const server = startServer({ DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('already in use by another Vastra server');
      expect(server.output()).toContain(`pid ${process.pid}`);
      // It did not touch the holder's lock.
      expect(fs.readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    } finally {
      lock.release();
    }
  });

  it('refuses a bad environment, listing every bad key', async () => {
    const server = startServer({
      PORT: 'eighty',
      LOG_LEVEL: 'chatty',
      DATA_DIR: makeTempDir('cfg'),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/LOG_LEVEL/);
  });

  it('refuses to start in production without Razorpay keys unless PAYMENTS=emulator', async () => {
    // An empty value counts as unset (config.ts).
    const server = startServer({ PAYMENTS: '', DATA_DIR: makeTempDir('keys') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment configuration');
    expect(server.output()).toMatch(
      /PAYMENTS: production needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
  });

  it('names the PostgreSQL server it cannot reach without printing its password', async () => {
    const server = startServer({
      DATA_DIR: makeTempDir('pgpass'),
      // Port 1: nothing listens there, so the connection is refused at once.
      DATABASE_URL: 'postgres://shop:pg-hunter2@127.0.0.1:1/vastra',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Cannot reach PostgreSQL at DATABASE_URL=postgres://shop:***@127.0.0.1:1/vastra',
    );
    expect(server.output()).toContain(
      'database: PostgreSQL at postgres://shop:***@127.0.0.1:1/vastra',
    );
    expect(server.output()).not.toContain('pg-hunter2');
  });

  describe('a whole start and graceful stop', () => {
    // The test's database (used by the server on PostgreSQL); the server builds its own app.
    const t = useTestApp({ app: 'manual', reset: false });
    const dataDir = makeTempDir('server');
    const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST_DIR: makeTempDir('web') };

    beforeAll(async () => {
      // A catalogue is already there, so the server skips seeding (its image rendering is slow).
      if (usingPostgres) {
        await insertProducts(t.db, [{ name: 'Already here' }]);
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${await currentDatabase(t.database)}`;
        env.DATABASE_URL = url.toString();
      } else {
        await preparePgliteDataDir(dataDir, async (handle) => {
          await insertProducts(handle.db, [{ name: 'Already here' }]);
        });
      }
    });

    it('migrates, serves, and on SIGTERM closes everything and releases the lock', async () => {
      const server = startServer(env);
      try {
        const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        const res = await fetch(`${url}/api/product/list`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { products: { name: string }[] };
        expect(body.products.map((p) => p.name)).toEqual(['Already here']);
        // Where the shop is, as a link for people (HOST is 127.0.0.1 here). Logged just after
        // "listening", so under load it may come after the first answer: wait for it.
        const [, shopUrl] = await server.waitFor(/Vastra is open at (http:\/\/127\.0\.0\.1:\d+)/);
        expect(shopUrl).toBe(url);
        expect(server.output()).toContain('seed skipped');
        // The embedded database is locked while the server runs; PostgreSQL needs no lock.
        expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(!usingPostgres);
        // Production logs are JSON lines for a log collector, not pretty-printed.
        expect(server.output().split('\n')[0]).toMatch(/^\{.*"level":30/);

        server.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('shutting down');
        expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      } finally {
        server.kill('SIGKILL');
      }
    });
  });
});

import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { redisUp, TEST_REDIS_URL as REDIS_URL } from '../test/test-redis';
import { useTestApp } from '../test/use-test-app';

/** A pass-through to the test SMTP server that counts the connections made to it. */
async function countingProxy(smtpUrl: string) {
  const target = new URL(smtpUrl);
  const [host, port] = [target.hostname, Number(target.port)];
  let connections = 0;
  const proxy = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(port, host);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  target.port = String((proxy.address() as net.AddressInfo).port);
  return { url: target.toString(), connections: () => connections, close: () => proxy.close() };
}

describe('GET /healthz', () => {
  const t = useTestApp();

  it('answers alive, every time, without an info log line', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'alive' });
    }
    expect(t.logs.filter((line) => JSON.stringify(line).includes('/healthz'))).toEqual([]);
  });
});

describe('GET /readyz', () => {
  const t = useTestApp();

  it('is ready when the database answers and every migration is applied; never rate-limited nor logged', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok' },
      });
    }
    expect(t.logs.filter((line) => JSON.stringify(line).includes('/readyz'))).toEqual([]);
  });

  it('is not ready while the newest migration is missing', async () => {
    const result = await t.db.execute(
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(result);
    await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        message: 'Not ready: migrations not applied',
        checks: { database: 'ok', migrations: 'not applied' },
      });
    } finally {
      await t.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready when Redis is set and does not answer', async () => {
    await t.start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'Not ready: redis unreachable',
      checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' },
    });
  });

  it.runIf(redisUp)('checks Redis when it is set', async () => {
    await t.start({ REDIS_URL });
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
  });

  it('is not ready when the SMTP server does not answer', async () => {
    await t.start({ SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' });
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Not ready: smtp unreachable',
      checks: { smtp: 'unreachable' },
    });
  });
});

describe('GET /readyz with SMTP', () => {
  const t = useTestApp({ smtp: true, app: 'manual' });

  it('checks the SMTP server with one connection for many calls (reused for 30 s)', async () => {
    const proxy = await countingProxy(t.smtp.url);
    try {
      await t.start({ SMTP_URL: proxy.url });
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.json()).toMatchObject({ status: 'ready', checks: { smtp: 'ok' } });
      }
      expect(proxy.connections()).toBe(1);
    } finally {
      proxy.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { orderEvents, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { insertOrder } from '../../test/fixtures';
import { currentDatabase, startServer, type Started } from '../../test/server-process';
import { makeTempDir } from '../../test/test-app';
import { usingPostgres } from '../../test/test-database';
import { useTestApp } from '../../test/use-test-app';
import { STALE_ONLINE_ORDER_MS, SWEEP_LOCK_KEY } from './sweep';

/*
 * The sweep runs in one process at a time (docs/decisions/118-order-life.md): two server processes
 * on one PostgreSQL, each ticking every second, take the sweep's advisory lock before sweeping.
 * PostgreSQL only: PGlite is one process's database.
 */

interface SweepLog {
  pid: number;
  time: number;
  msg: string;
}

/** The sweep's own log lines of a server (pino JSON, one per line). */
function sweepLines(server: Started): SweepLog[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      const entry = JSON.parse(line) as SweepLog;
      return entry.msg?.startsWith('order sweep') ? [entry] : [];
    });
}

describe.skipIf(!usingPostgres)('the sweep across two server processes', () => {
  const t = useTestApp({ app: 'manual', reset: false });

  it('sweeps in only one of them at a time, and not at all while another holds the lock', async () => {
    // Unpaid online orders without a hold, older than the stale age: the sweep closes them.
    const [shopper] = await t.db
      .insert(users)
      .values({ name: 'Asha Rao', email: 'sweep@example.com', passwordHash: 'x' })
      .returning({ userId: users.id });
    const old = new Date(Date.now() - STALE_ONLINE_ORDER_MS - 60_000);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        (
          await insertOrder(t.db, shopper!.userId, {
            paymentMethod: 'razorpay',
            holdState: null,
            createdAt: new Date(old.getTime() - i * 1000),
          })
        ).id,
      );

    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await currentDatabase(t.database)}`;
    // Another process (this test) holds the sweep's lock first.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [SWEEP_LOCK_KEY]);
    const env = {
      DATABASE_URL: url.toString(),
      WEB_DIST_DIR: makeTempDir('web'),
      ORDER_SWEEP_SECONDS: '1',
      LOG_LEVEL: 'debug',
    };
    const servers: Started[] = [
      startServer({ ...env, DATA_DIR: makeTempDir('one') }),
      startServer({ ...env, DATA_DIR: makeTempDir('two') }),
    ];
    try {
      // Both try, both find the lock taken, neither sweeps.
      await Promise.all(servers.map((s) => s.waitFor(/order sweep skipped/)));
      expect(servers.flatMap(sweepLines).filter((l) => l.msg === 'order sweep started')).toEqual(
        [],
      );
      const untouched = await t.db.select().from(orders);
      expect(untouched.every((o) => o.status === ORDER_STATUS.placed && !o.failedAt)).toBe(true);

      await holder.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK_KEY]);
      await expect
        .poll(
          async () =>
            (await t.db.select().from(orders)).filter(
              (o) => o.status === ORDER_STATUS.paymentFailed,
            ).length,
          { timeout: 20_000 },
        )
        .toBe(ids.length);
      // Let each process tick a few more times.
      await new Promise((resolve) => setTimeout(resolve, 3000));

      // No two sweeps ever overlapped, whichever process ran them.
      const runs = servers.flatMap((server) => {
        const lines = sweepLines(server).filter((l) => !l.msg.startsWith('order sweep skipped'));
        const spans: { start: number; end: number }[] = [];
        for (let i = 0; i + 1 < lines.length; i += 2) {
          expect(lines[i]!.msg).toBe('order sweep started');
          expect(lines[i + 1]!.msg).toBe('order sweep finished');
          spans.push({ start: lines[i]!.time, end: lines[i + 1]!.time });
        }
        return spans;
      });
      expect(runs.length).toBeGreaterThan(1);
      runs.sort((a, b) => a.start - b.start);
      for (let i = 1; i < runs.length; i++)
        expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.end);
      // Each order was closed once: one payment move and one status move in its history.
      for (const id of ids) {
        const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
        expect(events.map((e) => `${e.kind}:${e.to}`).sort()).toEqual([
          'payment:failed',
          `status:${ORDER_STATUS.paymentFailed}`,
        ]);
      }
    } finally {
      await holder.end().catch(() => {});
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);
});

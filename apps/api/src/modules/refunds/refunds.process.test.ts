import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema/after-sale';
import {
  razorpayEmulatorOrders,
  razorpayEmulatorPayments,
  razorpayEmulatorRefunds,
} from '../../db/schema/razorpay-emulator';
import { users } from '../../db/schema/users';
import { insertOrder, insertProducts } from '../../test/fixtures';
import { currentDatabase, startServer, type Started } from '../../test/server-process';
import { makeTempDir } from '../../test/test-app';
import { usingPostgres } from '../../test/test-database';
import { useTestApp } from '../../test/use-test-app';
import { lockOrder } from '../orders/orders.repository';
import { DEMO_SELLER } from '../../config';
import { createTaxDesk } from '../tax/tax.service';
import { requestRefund } from './request-refund';

/** The app is not built in this process: the desk the server would have. */
const TAX = createTaxDesk({ seller: DEMO_SELLER });

/*
 * The refund retry loop across two server processes on one PostgreSQL
 * (docs/decisions/119-refunds-and-webhook-retries.md): runExclusive lets one process at a time
 * run a pass, and each due refund is sent once, whichever process sends it. PostgreSQL only.
 */

const N = 12;
const id14 = () => crypto.randomBytes(10).toString('hex').slice(0, 14);

describe.skipIf(!usingPostgres)('refund retries with two server processes', () => {
  const t = useTestApp({ app: 'manual', reset: false });

  it(`${N} due refunds: each sent once, each pass by one process`, async () => {
    await insertProducts(t.db, [{ name: 'Keeps the seed away' }]);
    const [user] = await t.db
      .insert(users)
      .values({ name: 'Asha Rao', email: `two.${id14()}@example.com`, passwordHash: 'x' })
      .returning();
    const refundIds: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const providerOrderId = `order_${id14()}`;
      const paymentId = `pay_${id14()}`;
      await t.db.insert(razorpayEmulatorOrders).values({
        id: providerOrderId,
        amount: 134_800,
        amountPaid: 134_800,
        currency: 'INR',
        status: 'paid',
      });
      await t.db.insert(razorpayEmulatorPayments).values({
        id: paymentId,
        orderId: providerOrderId,
        amount: 134_800,
        currency: 'INR',
        status: 'captured',
        method: 'card',
        cardLast4: '1111',
      });
      const order = await insertOrder(t.db, user!.id, {
        paymentMethod: 'razorpay',
        payment: true,
        paymentState: 'paid',
        providerOrderId,
        providerPaymentId: paymentId,
      });
      const refund = await t.db.transaction(async (tx) =>
        requestRefund(tx, {
          order: (await lockOrder(tx, order.id))!,
          amountPaise: 134_800,
          reason: 'cancelled',
          by: { actor: 'system' },
          at: new Date(),
          tax: TAX,
        }),
      );
      refundIds.push(refund.id);
    }

    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await currentDatabase(t.database)}`;
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'refund-race-secret-0123456789-abcdefghij',
      WEB_DIST_DIR: makeTempDir('web'),
      REFUND_RETRY_SECONDS: '0.1',
      // A webhook attempt lost to a loaded machine is tried again soon, not after 5 s.
      EMULATOR_WEBHOOK_RETRIES: '0.2,0.5,1,2,4',
    };
    const servers: Started[] = [
      startServer({ ...env, DATA_DIR: makeTempDir('one') }),
      startServer({ ...env, DATA_DIR: makeTempDir('two') }),
    ];
    try {
      await Promise.all(servers.map((s) => s.waitFor(/Vastra is open at/)));
      await expect
        .poll(
          async () =>
            (await t.db.select().from(refunds)).filter((r) => r.status === 'processed').length,
          { timeout: 60_000, interval: 250 },
        )
        .toBe(N);
      const rows = await t.db.select().from(refunds);
      expect(rows.map((r) => r.attempts)).toEqual(Array(N).fill(1));
      for (const row of rows) {
        const atProvider = await t.db
          .select()
          .from(razorpayEmulatorRefunds)
          .where(eq(razorpayEmulatorRefunds.paymentId, row.providerPaymentId!));
        expect(atProvider.map((r) => r.idempotencyKey)).toEqual([row.id]);
      }
      // Each refund was counted in exactly one pass: no two passes ran at once.
      const passes = servers.flatMap((s) =>
        s
          .output()
          .split('\n')
          .filter((line) => line.includes('refund retries: pass done'))
          .map((line) => (JSON.parse(line) as { sent: number }).sent),
      );
      expect(passes.reduce((a, b) => a + b, 0)).toBe(N);
      expect(new Set(refundIds)).toEqual(new Set(rows.map((r) => r.id)));
    } finally {
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);
});

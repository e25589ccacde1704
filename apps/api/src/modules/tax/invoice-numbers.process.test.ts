import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { financialYear } from '@vastra/shared/tax/document-number';
import { taxDocuments } from '../../db/schema/tax-documents';
import { users } from '../../db/schema/users';
import { insertOrder, insertProducts, sessionsFor } from '../../test/fixtures';
import { currentDatabase, startServer, type Started } from '../../test/server-process';
import { makeTempDir } from '../../test/test-app';
import { usingPostgres } from '../../test/test-database';
import { useTestApp } from '../../test/use-test-app';

/*
 * Invoice numbers without gaps across processes (docs/decisions/123-gst-invoices.md, 124): 50
 * cash-on-delivery orders delivered at once, half through each of two server processes on one
 * PostgreSQL, get invoices 1 to 50, none twice, none missing. PostgreSQL only.
 */

const JWT_SECRET = 'invoice-race-secret-0123456789-abcdefghij';

describe.skipIf(!usingPostgres)('invoice numbers across two server processes', () => {
  const t = useTestApp({ app: 'manual', reset: false });

  it('50 deliveries at once: invoices 1..50, no gap, no duplicate', async () => {
    // A product is there already, so neither server seeds the catalogue.
    await insertProducts(t.db, [{ name: 'Keeps the seed away' }]);
    const [admin, shopper] = await sessionsFor(t.db, 2, { secret: JWT_SECRET });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin!.userId));
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i++)
      orderIds.push(
        (
          await insertOrder(t.db, shopper!.userId, {
            paymentMethod: 'cod',
            holdState: 'taken',
            status: ORDER_STATUS.outForDelivery,
          })
        ).id,
      );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await currentDatabase(t.database)}`;
    const env = { DATABASE_URL: url.toString(), JWT_SECRET, WEB_DIST_DIR: makeTempDir('web') };
    const servers: Started[] = [
      startServer({ ...env, DATA_DIR: makeTempDir('one') }),
      startServer({ ...env, DATA_DIR: makeTempDir('two') }),
    ];
    try {
      const origins = await Promise.all(
        servers.map(
          async (s) => (await s.waitFor(/Vastra is open at (http:\/\/127\.0\.0\.1:\d+)/))[1]!,
        ),
      );
      const statuses = await Promise.all(
        orderIds.map(async (id, i) => {
          const res = await fetch(`${origins[i % 2]}/api/admin/orders/${id}/status`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token: admin!.token },
            body: JSON.stringify({ status: ORDER_STATUS.delivered }),
          });
          return res.status;
        }),
      );
      expect(statuses).toEqual(orderIds.map(() => 200));
      const invoices = await t.db.select().from(taxDocuments);
      expect(invoices).toHaveLength(50);
      expect(new Set(invoices.map((d) => d.orderId))).toEqual(new Set(orderIds));
      expect(invoices.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      const fy = financialYear(new Date());
      expect(new Set(invoices.map((d) => d.number)).size).toBe(50);
      for (const d of invoices)
        expect(d.number).toBe(`VS/${fy}/${String(d.sequence).padStart(6, '0')}`);
    } finally {
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { STOCK_MESSAGES } from '@vastra/shared/schemas/stock';
import { carts } from '../../db/schema/carts';
import { orders } from '../../db/schema/orders';
import { ADDRESS, insertProducts, sessionsFor, setStock, stockOf } from '../../test/fixtures';
import { currentDatabase, startServer, type Started } from '../../test/server-process';
import { makeTempDir } from '../../test/test-app';
import { usingPostgres } from '../../test/test-database';
import { useTestApp } from '../../test/use-test-app';

/*
 * The last units raced for across two server processes on one PostgreSQL (docs/decisions/110):
 * the conditional UPDATE, not any process's memory, decides. PostgreSQL only: PGlite is one
 * process's database.
 */

const JWT_SECRET = 'stock-race-secret-0123456789-abcdefghij';

describe.skipIf(!usingPostgres)('two server processes on one PostgreSQL', () => {
  const t = useTestApp({ app: 'manual', reset: false });

  it('200 buyers split across them for a size with 10 units: exactly 10 orders, available 0', async () => {
    const [product] = await insertProducts(t.db, [{ name: 'Last ten', sizes: ['M'] }], 0);
    await setStock(t.db, product!.id, { M: 10 });
    const buyers = await sessionsFor(t.db, 200, { secret: JWT_SECRET });
    await t.db
      .insert(carts)
      .values(
        buyers.map((b) => ({ userId: b.userId, productId: product!.id, size: 'M', quantity: 1 })),
      );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await currentDatabase(t.database)}`;
    // A product is there already, so neither server seeds the catalogue.
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET,
      WEB_DIST_DIR: makeTempDir('web'),
    };
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
      const answers = await Promise.all(
        buyers.map(async (buyer, i) => {
          const res = await fetch(`${origins[i % 2]}/api/order/razorpay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token: buyer.token },
            body: JSON.stringify({ address: ADDRESS }),
          });
          return { status: res.status, body: (await res.json()) as { message?: string } };
        }),
      );
      const placed = answers.filter((a) => a.status === 200);
      expect(placed).toHaveLength(10);
      const refused = answers.filter((a) => a.status !== 200);
      expect(new Set(refused.map((a) => `${a.status} ${a.body.message}`))).toEqual(
        new Set([`409 ${STOCK_MESSAGES.sizeSoldOut('M')}`]),
      );
      expect(await t.db.select().from(orders)).toHaveLength(10);
      expect(await stockOf(t.db, product!.id, 'M')).toEqual({ onHand: 10, held: 10, available: 0 });
      // Each process hears of the other's holds: both show the size sold out.
      for (const origin of origins)
        await expect
          .poll(async () => {
            const res = await fetch(`${origin}/api/product/${product!.id}`);
            return ((await res.json()) as { product: { stock: object } }).product.stock;
          })
          .toEqual({ M: 0 });
    } finally {
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);
});

import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { productListResponseSchema } from '@vastra/shared/schemas/product';
import { fromPgPool, LISTEN_APPLICATION_NAME, rowsOf } from '../../db/client';
import { products } from '../../db/schema/products';
import { useTestApp } from '../../test/use-test-app';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { usingPostgres } from '../../test/test-database';
import {
  CATALOG_CHANGED_CHANNEL,
  CATALOG_UNWATCHED_TTL_MS,
  createCatalogService,
} from './catalog.service';
import { loggedInAdmin, insertProducts, setStock, silentLogger } from '../../test/fixtures';
import { productStock } from '../../db/schema/stock';
import { createStockView } from '../stock/stock.service';

const t = useTestApp({ app: 'manual' });

/** A fresh app per test: the list cache starts empty, as in a freshly started server. */
const start = () => t.start();

describe('GET /api/product/list', () => {
  it('answers { success, products } with every field of every product, oldest first', async () => {
    const [older, newer] = await insertProducts(t.db, [
      {
        name: 'Oxford Shirt',
        description: 'Crisp cotton Oxford.',
        price: 1499,
        mrp: 2306,
        images: ['/uploads/products/oxford-1.webp', '/uploads/products/oxford-2.webp'],
        category: 'SHIRTS',
        subCategory: 'ALLEN SOLLY',
        sizes: ['S', 'M', 'L', 'XL', 'XXL'],
        createdAt: new Date('2025-03-01T10:00:00Z'),
      },
      {
        name: 'Slim Chinos',
        description: 'Stretch chinos.',
        price: 2199,
        images: [
          '/uploads/products/chino-1.webp',
          '/uploads/products/chino-2.webp',
          '/uploads/products/chino-3.webp',
        ],
        category: 'PANTS',
        subCategory: 'SPYKAR',
        sizes: ['28', '30', '32', '34', '36'],
        createdAt: new Date('2025-03-02T10:00:00Z'),
      },
    ]);
    // Shown per size: what can be bought now, at most 10 (docs/decisions/110).
    await setStock(t.db, older!.id, { S: 0, M: 2, L: 25, XL: 10 });
    await t.db
      .delete(productStock)
      .where(and(eq(productStock.productId, older!.id), eq(productStock.size, 'XXL')));
    const { app } = await start();

    const res = await app.inject({ method: 'GET', url: '/api/product/list' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['products', 'success']);
    expect(productListResponseSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      success: true,
      products: [
        {
          _id: older!.id,
          name: 'Oxford Shirt',
          description: 'Crisp cotton Oxford.',
          price: 1499,
          mrp: 2306,
          image: ['/uploads/products/oxford-1.webp', '/uploads/products/oxford-2.webp'],
          category: 'SHIRTS',
          subCategory: 'ALLEN SOLLY',
          sizes: ['S', 'M', 'L', 'XL', 'XXL'],
          date: Date.parse('2025-03-01T10:00:00Z'),
          stock: { S: 0, M: 2, L: 10, XL: 10, XXL: 0 },
        },
        {
          _id: newer!.id,
          name: 'Slim Chinos',
          description: 'Stretch chinos.',
          price: 2199,
          // The owner declared none: null, never an invented one.
          mrp: null,
          image: [
            '/uploads/products/chino-1.webp',
            '/uploads/products/chino-2.webp',
            '/uploads/products/chino-3.webp',
          ],
          category: 'PANTS',
          subCategory: 'SPYKAR',
          sizes: ['28', '30', '32', '34', '36'],
          date: Date.parse('2025-03-02T10:00:00Z'),
          stock: { '28': 10, '30': 10, '32': 10, '34': 10, '36': 10 },
        },
      ],
    });
  });

  it('orders by creation time, not by insertion order, and leaves soft-deleted products out', async () => {
    await insertProducts(t.db, [
      { name: 'Third', createdAt: new Date('2025-01-03T00:00:00Z') },
      { name: 'First', createdAt: new Date('2025-01-01T00:00:00Z') },
      { name: 'Deleted', createdAt: new Date('2025-01-02T00:00:00Z'), deletedAt: new Date() },
      { name: 'Second', createdAt: new Date('2025-01-02T00:00:00Z') },
    ]);
    const { app } = await start();

    const res = await app.inject({ method: 'GET', url: '/api/product/list' });

    expect(res.json().products.map((p: { name: string }) => p.name)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
  });

  it('reads a large catalogue in slices without losing or repeating a product or a size', async () => {
    // 2,100 products: three slices of products and two of stock rows (docs/decisions/150). A
    // thousand of them share one creation time to the microsecond, so the slices' ends fall
    // inside a tie that only the id breaks.
    const inserted = await insertProducts(
      t.db,
      Array.from({ length: 2_100 }, (_, i) => ({ name: `Bulk ${i}` })),
      0,
    );
    await t.db.execute(sql`update products set created_at = '2025-06-01 10:00:00.123456+00'
      where name like 'Bulk 1%'`);
    await t.db.execute(sql`insert into product_stock (product_id, size, on_hand, held)
      select id, size, 3, 0 from products, unnest(sizes) as size`);
    const { app } = await start();

    const res = await app.inject({ method: 'GET', url: '/api/product/list' });
    const listed = res.json<{
      products: { _id: string; date: number; stock: Record<string, number> }[];
    }>().products;
    expect(listed).toHaveLength(inserted.length);
    expect(new Set(listed.map((p) => p._id)).size).toBe(inserted.length);
    const dates = listed.map((p) => p.date);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(listed.every((p) => Object.values(p.stock).join() === '3,3,3')).toBe(true);
  });

  it('answers an empty catalogue with an empty list', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.json()).toEqual({ success: true, products: [] });
  });

  it('serves repeated requests from its cache until a write announces a change', async () => {
    const [first] = await insertProducts(t.db, [{ name: 'Before' }]);
    const { app } = await start();
    expect((await app.inject('/api/product/list')).json().products).toHaveLength(1);

    // A write that does not announce itself is invisible: proof the answer is cached.
    await insertProducts(t.db, [{ name: 'Unannounced', createdAt: new Date('2030-01-01') }]);
    expect((await app.inject('/api/product/list')).json().products).toHaveLength(1);

    // The same NOTIFY a write through the service sends (from any process) drops the cache.
    await t.db.update(products).set({ name: 'After' }).where(eq(products.id, first!.id));
    await t.db.execute(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`);
    await expect
      .poll(async () =>
        (await app.inject('/api/product/list'))
          .json()
          .products.map((p: { name: string }) => p.name),
      )
      .toEqual(['After', 'Unannounced']);
  });

  it('sends pre-compressed bodies to clients that accept them, identical once decoded', async () => {
    await insertProducts(
      t.db,
      Array.from({ length: 20 }, () => ({})),
    );
    const { app } = await start();
    const plain = await app.inject('/api/product/list');

    const br = await app.inject({
      url: '/api/product/list',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await app.inject({
      url: '/api/product/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    const refused = await app.inject({
      url: '/api/product/list',
      headers: { 'accept-encoding': 'br;q=0, identity' },
    });

    const zlib = await import('node:zlib');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('GET /api/product/:id', () => {
  it('answers one product in the list shape', async () => {
    const [row] = await insertProducts(t.db, [{ name: 'Linen Shirt', price: 1799 }]);
    const { app } = await start();

    const res = await app.inject(`/api/product/${row!.id}`);

    expect(res.statusCode).toBe(200);
    const list = (await app.inject('/api/product/list')).json();
    expect(res.json()).toEqual({ success: true, product: list.products[0] });
    expect(res.json().product).toMatchObject({ _id: row!.id, name: 'Linen Shirt', price: 1799 });
  });

  it('refuses a malformed id with 400 and says so', async () => {
    const { app } = await start();
    const res = await app.inject('/api/product/not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Invalid product id' });
  });

  it('answers 404 for an unknown or soft-deleted product', async () => {
    const [deleted] = await insertProducts(t.db, [{ deletedAt: new Date() }]);
    const { app } = await start();

    for (const id of ['8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11', deleted!.id]) {
      const res = await app.inject(`/api/product/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });
});

describe('while LISTEN is down', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a snapshot expires after a few seconds instead of living until a NOTIFY, and lives again once LISTEN is back', async () => {
    // Only Date is faked: the service reads the time from Date.now(), the queries run as usual.
    // The snapshot's age then depends on this test alone, not on how fast the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    const [row] = await insertProducts(t.db, [{ name: 'Kurta', price: 999 }]);
    const stock = createStockView({ db: t.db, log: silentLogger });
    const catalog = createCatalogService({ db: t.db, log: silentLogger, stock });
    const priceNow = async () =>
      productListResponseSchema
        .parse(JSON.parse((await catalog.snapshot()).json.toString()))
        .products.find((p) => p._id === row!.id)!.price;
    const setPrice = (price: number) =>
      t.db.update(products).set({ price }).where(eq(products.id, row!.id));
    expect(await priceNow()).toBe(999);

    catalog.setListening(false);
    expect(catalog.peekSnapshot()).toBeUndefined(); // changes may have been missed
    expect(await priceNow()).toBe(999);
    await setPrice(1099); // not announced: nobody would hear it anyway
    vi.advanceTimersByTime(CATALOG_UNWATCHED_TTL_MS);
    expect(await priceNow()).toBe(999); // not yet older than the limit
    vi.advanceTimersByTime(1);
    expect(catalog.peekSnapshot()).toBeUndefined();
    expect(await priceNow()).toBe(1099);

    // Back: the cache is rebuilt once, then kept until a NOTIFY again.
    catalog.setListening(true);
    expect(catalog.peekSnapshot()).toBeUndefined();
    expect(await priceNow()).toBe(1099);
    await setPrice(1199);
    vi.advanceTimersByTime(10 * CATALOG_UNWATCHED_TTL_MS);
    expect(await priceNow()).toBe(1099);
    stock.close();
  });
});

// PGlite's LISTEN is in-process (one session inside this process): it has no connection to lose.
describe.skipIf(!usingPostgres)(
  'two processes on one PostgreSQL, one losing its LISTEN connection',
  () => {
    let second: TestApp | undefined;
    let secondPool: pg.Pool | undefined;
    afterAll(async () => {
      await second?.close();
      await secondPool?.end();
    });

    it('reconnects, reloads the catalogue, and hears the other process again', async () => {
      const [row] = await insertProducts(t.db, [{ name: 'Polo', price: 999 }]);
      const first = await start();
      // Read through the list, whose snapshot is the cache under test (one product is read afresh).
      const priceAt = async (app: TestApp) =>
        (
          (await app.app.inject('/api/product/list')).json().products as {
            _id: string;
            price: number;
          }[]
        ).find((p) => p._id === row!.id)!.price;
      expect(await priceAt(first)).toBe(999);

      // Kill the first process's LISTEN backend (the only one on this database so far).
      const killed = await t.db.execute(sql`
        SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE application_name = ${LISTEN_APPLICATION_NAME} AND datname = current_database()`);
      expect(rowsOf(killed)).toEqual([{ ended: true }]);

      // A change nobody announces, as any change made while the connection is down is lost for
      // it: only the reload on reconnection (or the expiry meanwhile) can show it.
      await t.db.update(products).set({ price: 1199 }).where(eq(products.id, row!.id));
      await expect.poll(() => priceAt(first), { timeout: 5_000, interval: 100 }).toBe(1199);

      // A second process on the same database (its own pool), where the shop owner changes the price.
      const [current] = rowsOf<{ name: string }>(
        await t.db.execute(sql`SELECT current_database() AS name`),
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${current!.name}`;
      secondPool = new pg.Pool({ connectionString: url.toString(), max: 4 });
      // Dropping the test database at the end ends its connections; expected here.
      secondPool.on('error', () => {});
      second = await buildTestApp({
        ...t.database,
        handle: fromPgPool(secondPool),
      });
      const admin = await loggedInAdmin(second.app, t.db);
      const patch = (price: number) =>
        second!.app.inject({
          method: 'PATCH',
          url: `/api/admin/products/${row!.id}`,
          headers: { token: admin.token },
          payload: { price },
        });
      expect((await patch(1299)).statusCode).toBe(200);
      expect(await priceAt(second)).toBe(1299);

      // The first process sees it within seconds (the poll's limit), not at its next restart.
      await expect.poll(() => priceAt(first), { timeout: 5_000, interval: 100 }).toBe(1299);
      expect(first.logs.some((l) => l.msg?.startsWith('catalogue: LISTEN lost'))).toBe(true);

      // Once reconnected, a change is announced to it again (no expiry while LISTEN is up).
      await expect
        .poll(() => first.logs.some((l) => l.msg === 'catalogue: LISTEN is back, list reloaded'), {
          timeout: 5_000,
        })
        .toBe(true);
      expect(await priceAt(first)).toBe(1299);
      expect((await patch(1499)).statusCode).toBe(200);
      await expect.poll(() => priceAt(first), { timeout: 2_000, interval: 50 }).toBe(1499);
    });
  },
);

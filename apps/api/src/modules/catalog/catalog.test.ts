import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productListResponseSchema } from '@vastra/shared/schemas/product';
import { products } from '../../db/schema/products';
import { buildTestApp, insertProducts, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { CATALOG_CHANGED_CHANNEL } from './catalog.service';

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
  await database?.destroy();
});
beforeEach(async () => {
  await t?.close();
  await database.reset();
});

/** A fresh app per test: the list cache starts empty, as in a freshly started server. */
async function start(): Promise<TestApp> {
  t = await buildTestApp(database);
  return t;
}

describe('GET /api/product/list', () => {
  it('answers { success, products } with every field of every product, oldest first', async () => {
    const [older, newer] = await insertProducts(database.handle.db, [
      {
        name: 'Oxford Shirt',
        description: 'Crisp cotton Oxford.',
        price: 1499,
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
          image: ['/uploads/products/oxford-1.webp', '/uploads/products/oxford-2.webp'],
          category: 'SHIRTS',
          subCategory: 'ALLEN SOLLY',
          sizes: ['S', 'M', 'L', 'XL', 'XXL'],
          date: Date.parse('2025-03-01T10:00:00Z'),
        },
        {
          _id: newer!.id,
          name: 'Slim Chinos',
          description: 'Stretch chinos.',
          price: 2199,
          image: [
            '/uploads/products/chino-1.webp',
            '/uploads/products/chino-2.webp',
            '/uploads/products/chino-3.webp',
          ],
          category: 'PANTS',
          subCategory: 'SPYKAR',
          sizes: ['28', '30', '32', '34', '36'],
          date: Date.parse('2025-03-02T10:00:00Z'),
        },
      ],
    });
  });

  it('orders by creation time, not by insertion order, and leaves soft-deleted products out', async () => {
    await insertProducts(database.handle.db, [
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

  it('answers an empty catalogue with an empty list', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.json()).toEqual({ success: true, products: [] });
  });

  it('serves repeated requests from its cache until a write announces a change', async () => {
    const [first] = await insertProducts(database.handle.db, [{ name: 'Before' }]);
    const { app } = await start();
    expect((await app.inject('/api/product/list')).json().products).toHaveLength(1);

    // A write that does not announce itself is invisible: proof the answer is cached.
    await insertProducts(database.handle.db, [
      { name: 'Unannounced', createdAt: new Date('2030-01-01') },
    ]);
    expect((await app.inject('/api/product/list')).json().products).toHaveLength(1);

    // The same NOTIFY a write through the service sends (from any process) drops the cache.
    await database.handle.db
      .update(products)
      .set({ name: 'After' })
      .where(eq(products.id, first!.id));
    await database.handle.db.execute(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`);
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
      database.handle.db,
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
    const [row] = await insertProducts(database.handle.db, [{ name: 'Linen Shirt', price: 1799 }]);
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
    const [deleted] = await insertProducts(database.handle.db, [{ deletedAt: new Date() }]);
    const { app } = await start();

    for (const id of ['8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11', deleted!.id]) {
      const res = await app.inject(`/api/product/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });
});

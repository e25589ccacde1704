import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productListResponseSchema } from '@vastra/shared/schemas/product';
import { buildTestApp, insertProducts, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

let database: TestDatabase;
let t: TestApp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
  await database?.destroy();
});
beforeEach(async () => {
  await t?.close();
  t = undefined;
  await database.reset();
});

describe('GET /api/product/bestsellers', () => {
  it('before any order exists, answers the 10 newest products, newest first, in the list shape', async () => {
    const rows = await insertProducts(
      database.handle.db,
      Array.from({ length: 14 }, (_, i) => ({ name: `Shirt ${i + 1}` })),
    );
    t = await buildTestApp(database);

    const res = await t.app.inject('/api/product/bestsellers');

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(productListResponseSchema.parse(body)).toEqual(body);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(
      rows
        .slice(4)
        .reverse()
        .map((r) => r.name),
    );
    // The same objects the list serves.
    const list = (await t.app.inject('/api/product/list')).json().products;
    expect(body.products[0]).toEqual(list[list.length - 1]);
  });

  it('leaves deleted products out and answers fewer when the shop has fewer', async () => {
    await insertProducts(database.handle.db, [
      { name: 'Kept' },
      { name: 'Gone', deletedAt: new Date() },
    ]);
    t = await buildTestApp(database);
    const res = await t.app.inject('/api/product/bestsellers');
    expect(res.json()).toMatchObject({ success: true, products: [{ name: 'Kept' }] });
    expect(res.json().products).toHaveLength(1);
  });

  it('is not mistaken for a product id', async () => {
    t = await buildTestApp(database);
    const res = await t.app.inject('/api/product/bestsellers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, products: [] });
  });
});

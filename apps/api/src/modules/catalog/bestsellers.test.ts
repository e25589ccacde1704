import { describe, expect, it } from 'vitest';
import { productListResponseSchema } from '@vastra/shared/schemas/product';
import { useTestApp } from '../../test/use-test-app';
import { insertProducts } from '../../test/fixtures';

// Each test starts its app after inserting its products: the list cache starts empty.
const t = useTestApp({ app: 'manual' });

describe('GET /api/product/bestsellers', () => {
  it('before any order exists, answers the 10 newest products, newest first, in the list shape', async () => {
    const rows = await insertProducts(
      t.db,
      Array.from({ length: 14 }, (_, i) => ({ name: `Shirt ${i + 1}` })),
    );
    await t.start();

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
    await insertProducts(t.db, [{ name: 'Kept' }, { name: 'Gone', deletedAt: new Date() }]);
    await t.start();
    const res = await t.app.inject('/api/product/bestsellers');
    expect(res.json()).toMatchObject({ success: true, products: [{ name: 'Kept' }] });
    expect(res.json().products).toHaveLength(1);
  });

  it('is not mistaken for a product id', async () => {
    await t.start();
    const res = await t.app.inject('/api/product/bestsellers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, products: [] });
  });
});

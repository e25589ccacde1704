import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productListResponseSchema, type Product } from '@vastra/shared/schemas/product';
import { PRODUCT_IDS_MESSAGES } from '@vastra/shared/schemas/screen-products';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { insertOrder, insertProducts, loggedInShopper } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

// docs/decisions/146-screens-ask-for-what-they-show.md: what each screen shows, by query.
const t = useTestApp({ app: 'test' });

async function productsAt(url: string): Promise<Product[]> {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ products: Product[] }>();
  // Exactly the list's shape, as the endpoint table declares.
  expect(productListResponseSchema.parse(body)).toEqual(body);
  return body.products;
}
const names = (list: readonly Product[]) => list.map((p) => p.name);
const numbered = (n: number, prefix = 'P') =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}` }));

async function refusal(url: string) {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json<{ success: boolean; message: string }>() };
}

describe('GET /api/product/latest', () => {
  it('answers the 14 newest live products, newest first, as the list has them', async () => {
    await insertProducts(t.db, [...numbered(16), { name: 'Gone', deletedAt: new Date() }]);
    const latest = await productsAt('/api/product/latest');
    expect(names(latest)).toEqual(Array.from({ length: 14 }, (_, i) => `P${16 - i}`));
    // With its stock, read now (no description or picture left out).
    expect(latest[0]).toMatchObject({
      description: 'A plain cotton shirt used by the tests.',
      image: [expect.any(String), expect.any(String)],
      stock: { S: 10, M: 10, L: 10 },
    });
  });
});

describe('GET /api/product/bestsellers', () => {
  async function pay(productId: string, quantity: number) {
    const shopper = await loggedInShopper(t.app, t.db);
    const order = await insertOrder(t.db, shopper.userId, {
      items: [
        {
          _id: productId,
          name: 'Sold',
          image: [],
          price: 999,
          category: 'SHIRTS',
          subCategory: 'SNITCH',
          size: 'M',
          quantity,
        },
      ],
    });
    // Made paid as the payment paths do: migration 0018's trigger counts the units.
    await t.db.update(orders).set({ payment: true }).where(eq(orders.id, order.id));
  }

  it('without sales never repeats the latest row: the most discounted of the others', async () => {
    // 30 products, oldest first; a discount on two old ones and on one of the latest row.
    const rows = await insertProducts(
      t.db,
      numbered(30).map((p, i) => ({
        ...p,
        price: 1000,
        mrp: i === 3 ? 2000 : i === 8 ? 1500 : i === 29 ? 4000 : null,
      })),
    );
    const best = await productsAt('/api/product/bestsellers');
    const latest = new Set(names(await productsAt('/api/product/latest')));
    expect(best).toHaveLength(10);
    expect(best.filter((p) => latest.has(p.name))).toEqual([]);
    // P4 (50 % off), P9 (33 %), then no discount, newest first: P16, P15, …
    expect(names(best)).toEqual([
      'P4',
      'P9',
      'P16',
      'P15',
      'P14',
      'P13',
      'P12',
      'P11',
      'P10',
      'P8',
    ]);
    expect(rows).toHaveLength(30);
  });

  it('ranks the best rated before the most discounted, leaving hidden reviews out', async () => {
    const rows = await insertProducts(t.db, numbered(30));
    const review = (index: number, rating: number, hidden = false) =>
      t.db
        .execute(sql`insert into product_reviews (product_id, author_name, rating, is_demo, hidden_at)
        values (${rows[index]!.id}, 'Priya S.', ${rating}, true, ${hidden ? sql`now()` : sql`null`})`);
    await review(0, 4);
    await review(1, 5);
    await review(2, 5, true); // hidden: not a rating
    await review(29, 5); // one of the latest row: still never shown here
    const best = await productsAt('/api/product/bestsellers');
    expect(names(best).slice(0, 3)).toEqual(['P2', 'P1', 'P16']);
    expect(names(best)).not.toContain('P30');
  });

  it('puts products with units sold first, most units first, and leaves deleted ones out', async () => {
    const rows = await insertProducts(t.db, numbered(20));
    await pay(rows[2]!.id, 1);
    await pay(rows[18]!.id, 4); // one of the latest row: a real best seller is shown
    await pay(rows[5]!.id, 2);
    await pay(rows[7]!.id, 9);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, rows[7]!.id));
    const best = await productsAt('/api/product/bestsellers');
    expect(names(best).slice(0, 3)).toEqual(['P19', 'P6', 'P3']);
    expect(names(best)).not.toContain('P8');
    expect(new Set(names(best)).size).toBe(best.length);
  });

  it('on a shop smaller than the two rows, still fills the row, each product once', async () => {
    await insertProducts(t.db, [...numbered(4), { name: 'Gone', deletedAt: new Date() }]);
    expect(names(await productsAt('/api/product/bestsellers')).sort()).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
    ]);
  });

  it('answers an empty row for an empty shop', async () => {
    expect(await productsAt('/api/product/bestsellers')).toEqual([]);
  });
});

describe('GET /api/product/:id/related', () => {
  it('answers up to 5 of the same category, the same brand first, each newest first', async () => {
    const rows = await insertProducts(t.db, [
      { name: 'Shown', category: 'SHIRTS', subCategory: 'SNITCH' },
      { name: 'Other brand old', category: 'SHIRTS', subCategory: 'SPYKAR' },
      { name: 'Same brand old', category: 'SHIRTS', subCategory: 'SNITCH' },
      { name: 'Pants', category: 'PANTS', subCategory: 'SNITCH' },
      { name: 'Other brand new', category: 'SHIRTS', subCategory: 'RARE-RABBIT' },
      { name: 'Same brand gone', category: 'SHIRTS', subCategory: 'SNITCH', deletedAt: new Date() },
      { name: 'Same brand new', category: 'SHIRTS', subCategory: 'SNITCH' },
      { name: 'Other brand 3', category: 'SHIRTS', subCategory: 'SPYKAR' },
      { name: 'Other brand 4', category: 'SHIRTS', subCategory: 'SPYKAR' },
    ]);
    expect(names(await productsAt(`/api/product/${rows[0]!.id}/related`))).toEqual([
      'Same brand new',
      'Same brand old',
      'Other brand 4',
      'Other brand 3',
      'Other brand new',
    ]);
    // A category with nothing else: no row.
    expect(await productsAt(`/api/product/${rows[3]!.id}/related`)).toEqual([]);
  });

  it('refuses an unknown or deleted product with 404, a malformed id with 400', async () => {
    const [gone] = await insertProducts(t.db, [{ deletedAt: new Date() }]);
    for (const id of [gone!.id, '8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11'])
      expect(await refusal(`/api/product/${id}/related`)).toEqual({
        status: 404,
        body: { success: false, message: 'Product not found' },
      });
    expect(await refusal('/api/product/nope/related')).toEqual({
      status: 400,
      body: { success: false, message: 'Invalid product id' },
    });
  });
});

describe('GET /api/product/by-ids', () => {
  it('answers the live products asked for, in the order asked, at today’s price', async () => {
    const [a, b, c, gone] = await insertProducts(t.db, [
      { name: 'A', price: 999 },
      { name: 'B' },
      { name: 'C' },
      { name: 'Gone', deletedAt: new Date() },
    ]);
    const unknown = '8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11';
    const url = `/api/product/by-ids?ids=${c!.id},${gone!.id},${unknown}&ids=${a!.id.toUpperCase()}`;
    expect(names(await productsAt(url))).toEqual(['C', 'A']);
    // Read afresh: a price changed a moment ago is the one answered.
    await t.db.update(products).set({ price: 1299 }).where(eq(products.id, a!.id));
    expect((await productsAt(`/api/product/by-ids?ids=${a!.id}`))[0]).toMatchObject({
      name: 'A',
      price: 1299,
      stock: { S: expect.any(Number), M: expect.any(Number), L: expect.any(Number) },
    });
    expect(names(await productsAt(`/api/product/by-ids?ids=${b!.id},${b!.id}`))).toEqual(['B']);
  });

  it('refuses no ids, a malformed id and more ids than a cart has lines, with 400', async () => {
    const many = Array.from({ length: 21 }, () => crypto.randomUUID()).join(',');
    for (const query of ['', '?ids=', '?ids=nope', `?ids=${many}`]) {
      const { status, body } = await refusal(`/api/product/by-ids${query}`);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toContain(PRODUCT_IDS_MESSAGES.ids);
    }
    const twenty = Array.from({ length: 20 }, () => crypto.randomUUID()).join(',');
    expect(await productsAt(`/api/product/by-ids?ids=${twenty}`)).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '@vastra/shared/schemas/cart';
import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/shared/schemas/wishlist';
import { carts } from '../../db/schema/carts';
import { products } from '../../db/schema/products';
import { insertProducts, loggedInShopper } from '../../test/fixtures';
import { shopMetrics } from '../../lib/metrics';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

type Answer = {
  status: number;
  body: { success: boolean; message?: string; items?: WishlistEntry[] };
};

async function call(
  token: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Products written straight to the table. The wishlist reads them from it, never from the list's cache. */
const listedProducts = (rows: Parameters<typeof insertProducts>[1]) => insertProducts(t.db, rows);

describe('the wishlist', () => {
  it('keeps products once each, newest first, with their stock, and forgets a removed one on request', async () => {
    const { token } = await loggedInShopper(t.app, t.db, 'wish');
    const [shirt, tee] = await listedProducts([
      { name: 'Linen Shirt' },
      { name: 'Polo Tee', category: 'T-SHIRTS' },
    ]);
    expect(
      (await call(token, 'POST', '/api/wishlist', { productId: shirt!.id })).body.message,
    ).toBe(WISHLIST_MESSAGES.added);
    await call(token, 'POST', '/api/wishlist', { productId: tee!.id });
    const again = await call(token, 'POST', '/api/wishlist', { productId: shirt!.id });
    expect(again.body.items!.map((i) => i.name)).toEqual(['Polo Tee', 'Linen Shirt']);
    expect(again.body.items![0]!.product).toMatchObject({
      _id: tee!.id,
      stock: { S: expect.any(Number) },
    });

    const removed = await call(token, 'DELETE', `/api/wishlist/${tee!.id}`);
    expect(removed.body).toMatchObject({ message: WISHLIST_MESSAGES.removed });
    expect(removed.body.items!.map((i) => i.name)).toEqual(['Linen Shirt']);
  });

  it('lists a product the shop removed with its name and no product, and refuses unknown ones', async () => {
    const { token } = await loggedInShopper(t.app, t.db, 'wish-gone');
    const [shirt] = await listedProducts([{ name: 'Retired Shirt' }]);
    await call(token, 'POST', '/api/wishlist', { productId: shirt!.id });
    // The admin's soft delete: the row stays, the catalogue hears of the change.
    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, shirt!.id));
      await tx.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    });
    expect((await call(token, 'GET', '/api/wishlist')).body.items).toEqual([
      expect.objectContaining({ productId: shirt!.id, name: 'Retired Shirt', product: null }),
    ]);

    const unknown = await call(token, 'POST', '/api/wishlist', { productId: crypto.randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      WISHLIST_MESSAGES.productNotFound,
    ]);
    const gone = await call(token, 'POST', '/api/wishlist', { productId: shirt!.id });
    expect(gone.status).toBe(404);
    expect((await call(null, 'GET', '/api/wishlist')).status).toBe(401);
  });

  it('after a product change, reads its own products: the whole list is not rebuilt for it, nor for reviews', async () => {
    const builds = async () => (await shopMetrics.catalogListBuilds.get()).values[0]?.value ?? 0;
    const dropped = async () =>
      (await shopMetrics.catalogInvalidations.get()).values[0]?.value ?? 0;
    const { token } = await loggedInShopper(t.app, t.db, 'wish-no-rebuild');
    const [shirt] = await listedProducts([{ name: 'Denim Shirt' }]);
    await call(token, 'POST', '/api/wishlist', { productId: shirt!.id });
    // A product change: every process drops the list's cache; its next reader rebuilds it, which at
    // 100,000 products is seconds of work.
    const before = await dropped();
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect.poll(dropped).toBeGreaterThan(before);
    const built = await builds();
    const listed = await call(token, 'GET', '/api/wishlist');
    expect(listed.body.items![0]!.product).toMatchObject({ _id: shirt!.id, name: 'Denim Shirt' });
    const reviews = await t.app.inject({ method: 'GET', url: `/api/reviews/${shirt!.id}` });
    expect(reviews.statusCode).toBe(200);
    expect(await builds()).toBe(built);
    // The one route that answers the whole list does rebuild it.
    await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(await builds()).toBe(built + 1);
  });

  it('moves a product to the cart in a size, and keeps it listed when the cart refuses', async () => {
    const { token, userId } = await loggedInShopper(t.app, t.db, 'wish-move');
    const [shirt] = await listedProducts([{ name: 'Oxford Shirt', sizes: ['M', 'L'] }]);
    await call(token, 'POST', '/api/wishlist', { productId: shirt!.id });

    const refused = await call(token, 'POST', `/api/wishlist/${shirt!.id}/cart`, { size: 'XXL' });
    expect([refused.status, refused.body.message]).toEqual([400, CART_MESSAGES.sizeNotAvailable]);
    expect((await call(token, 'GET', '/api/wishlist')).body.items).toHaveLength(1);

    const moved = await call(token, 'POST', `/api/wishlist/${shirt!.id}/cart`, { size: 'L' });
    expect(moved.body).toMatchObject({
      success: true,
      message: WISHLIST_MESSAGES.moved,
      items: [],
    });
    expect(await t.db.select().from(carts).where(eq(carts.userId, userId))).toEqual([
      expect.objectContaining({ productId: shirt!.id, size: 'L', quantity: 1 }),
    ]);
  });
});

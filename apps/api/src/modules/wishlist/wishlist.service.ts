import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  type WishlistEntry,
} from '@vastra/shared/schemas/wishlist';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { wishlistItems } from '../../db/schema/shopper-lists';
import { AppError } from '../../lib/app-error';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import { lockAccount } from '../auth/auth.service';
import type { CartService } from '../cart/cart.service';
import { createScreenProducts } from '../catalog/screen-products.service';

/**
 * The wishlist, kept on the server (docs/decisions/129-address-book-and-wishlist.md). A product
 * the shop removes stays listed with `product: null` and its name, so the shopper sees what went
 * instead of an entry vanishing; moving to the cart is the cart's own add, with its checks.
 */
export function createWishlistService(deps: { db: Database; cart: Pick<CartService, 'add'> }) {
  const { db, cart } = deps;
  const screens = createScreenProducts({ db });

  async function list(userId: string): Promise<WishlistEntry[]> {
    const rows = await db
      .select({
        productId: wishlistItems.productId,
        addedAt: wishlistItems.addedAt,
        name: products.name,
        images: products.images,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
    // The live products with their stock, as every product answer has them: read for these few,
    // never the whole list's snapshot, which a product change makes the next reader rebuild
    // (docs/decisions/146-screens-ask-for-what-they-show.md).
    const live = await screens.byIds(rows.map((row) => row.productId));
    const byId = new Map(live.map((product) => [product._id, product]));
    return rows.map((row) => ({
      productId: row.productId,
      addedAt: row.addedAt.getTime(),
      product: byId.get(row.productId) ?? null,
      name: row.name,
      image: row.images[0] ?? null,
    }));
  }

  return {
    list,

    async add(userId: string, productId: string, now: Date): Promise<WishlistEntry[]> {
      await db.transaction(async (tx) => {
        if (!(await lockAccount(tx, userId)))
          throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
        const [product] = await tx
          .select({ deletedAt: products.deletedAt })
          .from(products)
          .where(eq(products.id, productId));
        if (!product || product.deletedAt !== null)
          throw new AppError('not_found', WISHLIST_MESSAGES.productNotFound);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(wishlistItems)
          .where(eq(wishlistItems.userId, userId));
        const [already] = await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
        if (already) return;
        if (n >= WISHLIST_MAX) throw new AppError('conflict', WISHLIST_MESSAGES.full);
        await tx.insert(wishlistItems).values({ userId, productId, addedAt: now });
      });
      return list(userId);
    },

    async remove(userId: string, productIds: readonly string[]): Promise<WishlistEntry[]> {
      if (productIds.length > 0)
        await db
          .delete(wishlistItems)
          .where(
            and(
              eq(wishlistItems.userId, userId),
              inArray(wishlistItems.productId, [...productIds]),
            ),
          );
      return list(userId);
    },

    /** The cart's add, with all its refusals; only once it succeeded does the entry leave. */
    async moveToCart(userId: string, productId: string, size: string): Promise<WishlistEntry[]> {
      const [entry] = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      if (!entry) throw new AppError('not_found', WISHLIST_MESSAGES.productNotFound);
      await cart.add(userId, productId, size);
      await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      return list(userId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

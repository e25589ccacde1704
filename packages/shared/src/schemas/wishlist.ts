import { z } from 'zod';
import { cartSizeSchema } from './cart';
import { productIdSchema, productSchema } from './product';

/** The shopper's wishlist (docs/decisions/129-address-book-and-wishlist.md). */

export const WISHLIST_MAX = 100;

export const WISHLIST_MESSAGES = {
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  moved: 'Moved to your cart',
  productNotFound: 'We could not find this product',
  full: `Your wishlist can hold up to ${WISHLIST_MAX} products. Please remove one first.`,
  gone: 'This product is no longer available',
} as const;

export const wishlistAddRequestSchema = z.object({ productId: productIdSchema });
export const wishlistProductParamsSchema = z.object({ productId: productIdSchema });
export const wishlistMoveRequestSchema = z.object({ size: cartSizeSchema });

export const wishlistEntrySchema = z.object({
  productId: z.string(),
  addedAt: z.number().int(),
  /** The product as the shop sells it now; null once the shop has removed it. */
  product: productSchema.nullable(),
  /** Kept for an entry whose product is gone, so the list can still name it. */
  name: z.string(),
  image: z.string().nullable(),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** Newest first. */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(wishlistEntrySchema),
});

export const wishlistChangeResponseSchema = wishlistResponseSchema.extend({
  message: z.string(),
});

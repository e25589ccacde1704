import { z } from 'zod';
import { LIMITS } from '../constants';
import { emptyBodySchema, text } from './common';
import { productIdSchema } from './product';

/**
 * The cart calls of docs/product.md §7. The field names are docs/product.md's (`itemId`, `size`,
 * `quantity`); the messages are shopper-facing, so the API's 400 answers can be shown as they are.
 */

export const CART_MESSAGES = {
  quantity: `Quantity must be a whole number from 0 to ${LIMITS.cartLineQuantityMax}`,
  size: 'Please choose a size',
  productNotFound: 'Product not found',
  sizeNotAvailable: 'This size is not available for this product',
  lineFull: `You can add at most ${LIMITS.cartLineQuantityMax} of an item in one size`,
  tooManyLines: `Your cart can hold at most ${LIMITS.cartLinesMax} different items`,
  added: 'Product added to the Cart',
  updated: 'Cart updated',
  removed: 'Removed from the cart',
  sameSize: 'Choose a different size',
  /** Followed by the names of the products that were removed. */
  unavailablePrefix: 'No longer available and removed from your cart: ',
} as const;

/** A size as products list them ('M', '32'); the product decides which ones exist. */
export const cartSizeSchema = text({ error: CART_MESSAGES.size })
  .trim()
  .min(1, CART_MESSAGES.size)
  .max(10, CART_MESSAGES.sizeNotAvailable);

export const cartQuantitySchema = z
  .number({ error: CART_MESSAGES.quantity })
  .int(CART_MESSAGES.quantity)
  .min(0, CART_MESSAGES.quantity)
  .max(LIMITS.cartLineQuantityMax, CART_MESSAGES.quantity);

/** docs/product.md §3: product id → size → quantity. */
export const cartMapSchema = z.record(z.string(), z.record(z.string(), z.number().int()));
export type CartData = z.infer<typeof cartMapSchema>;

/** `POST /api/cart/get` takes no payload (the client sends `{}`; nothing at all is as good). */
export const cartGetRequestSchema = emptyBodySchema;

export const cartAddRequestSchema = z.object({
  itemId: productIdSchema,
  size: cartSizeSchema,
});
export type CartAddRequest = z.infer<typeof cartAddRequestSchema>;

export const cartUpdateRequestSchema = z.object({
  itemId: productIdSchema,
  size: cartSizeSchema,
  /** Sets the line's quantity; 0 removes the line. */
  quantity: cartQuantitySchema,
});
export type CartUpdateRequest = z.infer<typeof cartUpdateRequestSchema>;

/**
 * `POST /api/cart/resize`: moves a line's units from one size to another, merging with a line
 * already in that size (docs/decisions/144-cart-edits.md).
 */
export const cartResizeRequestSchema = z
  .object({
    itemId: productIdSchema,
    /** The line's size now. */
    from: cartSizeSchema,
    /** The size the shopper chose instead. */
    to: cartSizeSchema,
  })
  .refine((body) => body.from !== body.to, { message: CART_MESSAGES.sameSize, path: ['to'] });
export type CartResizeRequest = z.infer<typeof cartResizeRequestSchema>;

export const cartGetResponseSchema = z.object({
  success: z.literal(true),
  cartData: cartMapSchema,
  /** Names of products that left the catalogue and were taken out of the cart by this read. */
  removed: z.array(z.string()).optional(),
  /** Set when something was removed: the notice to show the shopper. */
  message: z.string().optional(),
  /**
   * Units of the cart's lines that the shopper's own open online order holds (product id → size
   * → units; absent when none). The catalogue's `stock` leaves them out, but this shopper may
   * have them: a line may hold stock + held (docs/decisions/110).
   */
  held: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
});
export type CartGetResponse = z.infer<typeof cartGetResponseSchema>;

/** The answer to add and update: the line's quantity as the server now has it (0: no line). */
export const cartChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  quantity: z.number().int().min(0),
});
export type CartChangeResponse = z.infer<typeof cartChangeResponseSchema>;

/**
 * The answer to a size change: the new size's line (`quantity`) and what stayed in the old size
 * (`fromQuantity`, 0 when that line went), as the server now has them; `message` says what moved.
 */
export const cartResizeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  quantity: z.number().int().min(0),
  fromQuantity: z.number().int().min(0),
});
export type CartResizeResponse = z.infer<typeof cartResizeResponseSchema>;

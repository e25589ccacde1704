import { z } from 'zod';
import { BRANDS, CATEGORIES, LIMITS } from '../constants';
import { text } from './common';
import { productStockSchema } from './stock';

/** A product as the API answers it (docs/product.md §3, §7): ids exposed as `_id`, prices in whole rupees. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  /**
   * The declared maximum retail price, whole rupees, ≥ price; null when none was set, and then the
   * price is shown alone, never with an invented original (docs/decisions/123-gst-invoices.md).
   */
  mrp: z.number().int().positive().nullable(),
  image: z.array(z.string()),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(BRANDS),
  sizes: z.array(z.string()),
  /** Milliseconds since the epoch; newer products sort first. */
  date: z.number().int(),
  /**
   * Size → units a shopper can buy now, capped at STOCK_LIMITS.shownCap; every size has an entry,
   * 0 is sold out (docs/decisions/110).
   */
  stock: productStockSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = z.object({
  success: z.literal(true),
  product: productSchema,
});
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** A product id in a URL: a UUID, refused with the shopper-readable message before any query. */
export const productIdSchema = z.uuid({ error: 'Invalid product id' });
export const productIdParamsSchema = z.object({ id: productIdSchema });

/** What an admin may send to create or edit a product (used by the seed too). */
export const productInputSchema = z.object({
  name: text().trim().min(1).max(LIMITS.productNameMax),
  description: text().trim().min(1).max(LIMITS.productDescriptionMax),
  price: z.number().int().positive().max(LIMITS.productPriceMax),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(BRANDS),
  sizes: z.array(text()).min(1),
});
export type ProductInput = z.infer<typeof productInputSchema>;

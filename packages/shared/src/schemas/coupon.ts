import { z } from 'zod';
import { COUPON_KINDS, COUPON_MESSAGES } from '../pricing/coupons';
import { text } from './common';

/**
 * The coupon calls: `GET /api/coupon/list` for the Available Offers list and
 * `POST /api/coupon/check`, which the checkout's coupon box asks before showing a coupon applied.
 */

/** Longer than any code the shop would issue; a longer one cannot be a coupon. */
export const COUPON_CODE_MAX = 40;

/**
 * A typed code. Empty is allowed through: the rule answers it with docs/product.md's
 * 'Please enter a coupon code', the same as for a missing code.
 */
export const couponCodeSchema = text({ error: COUPON_MESSAGES.enterCode }).max(
  COUPON_CODE_MAX,
  COUPON_MESSAGES.invalid,
);

export const couponCheckRequestSchema = z
  .object({
    code: couponCodeSchema,
    /** The code the checkout has applied now, for the mutual-exclusion messages. */
    applied: couponCodeSchema.nullish(),
  })
  // The browser may still send `subtotal` or `amount`: accepted and ignored, the server prices the cart.
  .loose();
export type CouponCheckRequest = z.infer<typeof couponCheckRequestSchema>;

/** A coupon as the storefront sees it. */
export const couponSummarySchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().int(),
  minSubtotal: z.number().int(),
  description: z.string(),
});
export type CouponSummary = z.infer<typeof couponSummarySchema>;

export const couponListResponseSchema = z.object({
  success: z.literal(true),
  coupons: z.array(couponSummarySchema),
});
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

/** The server's totals for the shopper's cart with the coupon applied (docs/architecture.md §4.2). */
export const orderTotalsSchema = z.object({
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  itemCount: z.number().int(),
  coupon: z.string().nullable(),
});

export const couponCheckResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  coupon: couponSummarySchema,
  totals: orderTotalsSchema,
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

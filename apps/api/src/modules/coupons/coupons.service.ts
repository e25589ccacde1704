import {
  checkCoupon,
  couponDescription,
  orderTotals,
  type CouponDefinition,
  type OrderTotals,
} from '@vastra/shared/pricing/coupons';
import type { CouponSummary } from '@vastra/shared/schemas/coupon';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  readCoupons,
  readPricedCartLines,
  readRedeemedCodes,
  readVisibleCoupons,
  type PricedCartLine,
} from './coupons.repository';
import { countEarlierOrders } from './earlier-orders';

export interface PricedCart {
  lines: PricedCartLine[];
  totals: OrderTotals;
  /** The accepted coupon, when a code was given. */
  coupon: CouponDefinition | null;
  /** The rule's success message for the coupon ('Coupon applied successfully!'), when one was given. */
  message: string | null;
}

export function couponSummary(coupon: CouponDefinition): CouponSummary {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percent,
    minSubtotal: coupon.minSubtotal,
    description: couponDescription(coupon),
  };
}

/** The Available Offers list: active coupons that are not hidden. */
export async function listOffers(db: Database): Promise<CouponSummary[]> {
  return (await readVisibleCoupons(db)).map(couponSummary);
}

/**
 * The shopper's server cart, priced from the products table, with a coupon applied by the shared
 * rules (docs/architecture.md §3, §4.2). Nothing the browser says about money is an input. Order creation
 * calls this too (inside its transaction, with `db` the transaction), so the checkout preview and
 * the charge are one computation.
 *
 * `couponCode` undefined or null: no coupon. Anything else is checked, and a refusal throws
 * AppError('invalid_data') carrying docs/product.md's message ('Invalid coupon code', 'Minimum order
 * value of ₹5000 required for this coupon', …). `applied` is the code the checkout has applied
 * now, only for the mutual-exclusion messages.
 */
export async function priceCart(
  db: Database,
  userId: string,
  couponCode?: string | null,
  options: { applied?: string | null; deliveryFee?: number } = {},
): Promise<PricedCart> {
  const lines = await readPricedCartLines(db, userId);
  const totalsOptions =
    options.deliveryFee === undefined ? {} : { deliveryFee: options.deliveryFee };
  if (couponCode === undefined || couponCode === null) {
    return { lines, totals: orderTotals(lines, null, totalsOptions), coupon: null, message: null };
  }
  const plain = orderTotals(lines, null, totalsOptions);
  // One after another: inside an order's transaction these share one connection, and pg (like
  // PGlite) runs a connection's queries in sequence anyway.
  const coupons = await readCoupons(db);
  const redeemedCodes = await readRedeemedCodes(db, userId);
  const earlierOrders = await countEarlierOrders(db, userId);
  const result = checkCoupon(couponCode, {
    coupons,
    subtotal: plain.subtotal,
    earlierOrders,
    redeemedCodes,
    applied: options.applied ?? null,
  });
  if (!result.ok) throw new AppError('invalid_data', result.message);
  return {
    lines,
    totals: orderTotals(lines, result.coupon, totalsOptions),
    coupon: result.coupon,
    message: result.message,
  };
}

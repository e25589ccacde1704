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
import { pricedCartLines, type PricedCartLine } from '../cart/cart.service';
import {
  deleteHeldUse,
  deleteUsesOfOrder,
  insertRedemption,
  redeemHeldUse,
  readCoupons,
  readRedeemedCodes,
  readVisibleCoupons,
} from './coupons.repository';

/**
 * How many orders the shopper placed before this one (the orders module counts them): FREEDEL is
 * valid only while this is below its `max_earlier_orders` (docs/product.md §9, docs/architecture.md
 * §4.1). Passed in rather than imported, because the orders module prices its carts here.
 */
export type CountEarlierOrders = (
  db: Database,
  userId: string,
  exceptOrderId: string | null,
) => Promise<number>;

/** The shopper's open (held, unpaid) online order, if any: the orders module finds it. */
export type OpenOnlineOrderId = (db: Database, userId: string) => Promise<string | null>;

interface PricedCart {
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
  couponCode: string | null | undefined,
  options: {
    countEarlierOrders: CountEarlierOrders;
    applied?: string | null;
    deliveryFee?: number;
    /**
     * The shopper's open online order that this checkout reuses or replaces: its held coupon
     * and the order itself do not count against the new one (docs/decisions/110).
     */
    exceptOrderId?: string | null;
  },
): Promise<PricedCart> {
  const lines = await pricedCartLines(db, userId);
  const totalsOptions =
    options.deliveryFee === undefined ? {} : { deliveryFee: options.deliveryFee };
  if (couponCode === undefined || couponCode === null) {
    return { lines, totals: orderTotals(lines, null, totalsOptions), coupon: null, message: null };
  }
  const plain = orderTotals(lines, null, totalsOptions);
  // One after another: inside an order's transaction these share one connection, and pg (like
  // PGlite) runs a connection's queries in sequence anyway.
  const coupons = await readCoupons(db);
  const except = options.exceptOrderId ?? null;
  const redeemedCodes = await readRedeemedCodes(db, userId, except);
  const earlierOrders = await options.countEarlierOrders(db, userId, except);
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

/**
 * Records a use of a coupon, in the transaction `tx` that places or pays the order. False when the
 * coupon is once per account and this account already used it: the partial unique index decides,
 * so two racing orders cannot both get it. Throws when the code is not a coupon.
 */
export function recordRedemption(
  tx: Database,
  use: { code: string; userId: string; orderId: string | null; state?: 'held' | 'redeemed' },
): Promise<boolean> {
  return insertRedemption(tx, { ...use, state: use.state ?? 'redeemed' });
}

/**
 * The coupon an unpaid online order holds becomes a redemption when it is paid. False when it
 * holds none (its hold ended first): the caller then records the use anew.
 */
export function redeemHeldCoupon(tx: Database, orderId: string): Promise<boolean> {
  return redeemHeldUse(tx, orderId);
}

/** An unpaid online order's hold ended: the coupon it held may be used again. */
export function releaseHeldCoupon(tx: Database, orderId: string): Promise<void> {
  return deleteHeldUse(tx, orderId);
}

/**
 * A cancelled order gives its coupon back, held or already redeemed, so the code can be used
 * again (docs/decisions/118-order-life.md).
 */
export function giveCouponBack(tx: Database, orderId: string): Promise<void> {
  return deleteUsesOfOrder(tx, orderId);
}

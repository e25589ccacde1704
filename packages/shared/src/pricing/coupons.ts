import { CURRENCY_SYMBOL, FREE_DELIVERY_COUPON } from '../constants';
import {
  cartTotals,
  type CartTotals,
  type CartTotalsOptions,
  type PricedLine,
} from './cart-totals';
import { formatPrice } from './money';

/**
 * Coupon rules (docs/product.md §4, §5, §8, §9; docs/architecture.md §4.1, §4.2). Pure: the API passes the coupons from
 * its table and what it knows about the shopper; the same function decides for every caller, so
 * the message a shopper reads is the rule that was applied.
 */

export const COUPON_KINDS = ['percent', 'free_delivery'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** One coupon as data: the API stores these as rows, so the shop can add more without code. */
export interface CouponDefinition {
  /** Upper-case, no surrounding spaces. */
  code: string;
  kind: CouponKind;
  /** Whole percent off for 'percent' coupons (1–100); 0 for 'free_delivery'. */
  percent: number;
  /** The cart subtotal must be at least this (whole rupees); 0 for no minimum. */
  minSubtotal: number;
  /** Valid only while the shopper has fewer earlier orders than this; null for no limit. */
  maxEarlierOrders: number | null;
  /** One use per account, kept by the server's redemptions. */
  oncePerAccount: boolean;
  /** Works when typed, but is not in the Available Offers list. */
  hidden: boolean;
  active: boolean;
}

/** The main 10 % code: the offer text, the error and the check all say ₹5000 (docs/architecture.md §4.1). */
export const PERCENT_COUPON = { code: 'VASTRA10', percent: 10, minSubtotal: 5000 } as const;

/** The coupons the shop starts with; the API seeds its empty coupons table from this list. */
export const SEED_COUPONS: readonly CouponDefinition[] = [
  {
    code: PERCENT_COUPON.code,
    kind: 'percent',
    percent: PERCENT_COUPON.percent,
    minSubtotal: PERCENT_COUPON.minSubtotal,
    maxEarlierOrders: null,
    oncePerAccount: false,
    hidden: false,
    active: true,
  },
  {
    code: 'ASR10',
    kind: 'percent',
    percent: 10,
    minSubtotal: 0,
    maxEarlierOrders: null,
    oncePerAccount: false,
    hidden: true,
    active: true,
  },
  {
    code: FREE_DELIVERY_COUPON.code,
    kind: 'free_delivery',
    percent: 0,
    minSubtotal: FREE_DELIVERY_COUPON.minSubtotal,
    maxEarlierOrders: FREE_DELIVERY_COUPON.maxEarlierOrders,
    oncePerAccount: true,
    hidden: false,
    active: true,
  },
];

/**
 * The amount as docs/product.md's messages write it: '₹5000', no digit grouping. The messages are quoted
 * word for word by docs/product.md (§8), and formatPrice would write '₹5,000'; the number still comes from
 * the coupon's own minimum, so the text cannot drift from the check.
 */
function plainRupees(amount: number): string {
  return `${CURRENCY_SYMBOL}${amount}`;
}

/** Every coupon text both sides show, word for word as docs/product.md §8 writes them. */
export const COUPON_MESSAGES = {
  enterCode: 'Please enter a coupon code',
  invalid: 'Invalid coupon code',
  applied: 'Coupon applied successfully!',
  freeDeliveryApplied: 'Free delivery applied successfully!',
  removed: 'Coupon removed',
  removeFreeDeliveryFirst: 'Please remove free delivery coupon first',
  removePercentFirst: (percent: number) => `Please remove the ${percent}% discount coupon first`,
  minimum: (coupon: Pick<CouponDefinition, 'kind' | 'minSubtotal'>) =>
    coupon.kind === 'free_delivery'
      ? `Minimum order value of ${plainRupees(coupon.minSubtotal)} required for free delivery`
      : `Minimum order value of ${plainRupees(coupon.minSubtotal)} required for this coupon`,
  alreadyUsed: (kind: CouponKind) =>
    kind === 'free_delivery'
      ? 'You have already used the free delivery coupon'
      : 'You have already used this coupon',
  earlierOrders: (coupon: Pick<CouponDefinition, 'kind'> & { maxEarlierOrders: number }) =>
    coupon.kind === 'free_delivery'
      ? `Free delivery coupon is only valid for first ${coupon.maxEarlierOrders} orders`
      : `This coupon is only valid for first ${coupon.maxEarlierOrders} orders`,
  /** The checkout's info when the order count takes an applied free delivery away (docs/product.md §8). */
  freeDeliveryWithdrawn: (maxEarlierOrders: number) =>
    `Free delivery coupon removed as you have more than ${maxEarlierOrders} orders`,
} as const;

/** How codes are compared: trimmed and upper-cased (docs/product.md §5). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The offer line of the Available Offers list, written from the coupon's own numbers. */
export function couponDescription(coupon: CouponDefinition): string {
  const parts: string[] = [];
  parts.push(coupon.kind === 'free_delivery' ? 'Free delivery' : `${coupon.percent}% off`);
  if (coupon.minSubtotal > 0) parts.push(`on orders of ${formatPrice(coupon.minSubtotal)} or more`);
  if (coupon.maxEarlierOrders !== null) {
    parts.push(`for your first ${coupon.maxEarlierOrders} orders`);
  }
  const text = parts.join(' ');
  return coupon.oncePerAccount ? `${text}, once per account` : text;
}

/** What the server knows when a shopper applies a code. */
export interface CouponContext {
  /** Every coupon the shop has (the API passes its table's rows). */
  coupons: readonly CouponDefinition[];
  /** The cart subtotal as the server priced it. */
  subtotal: number;
  /** The shopper's orders before this one. */
  earlierOrders: number;
  /** Codes this account has already redeemed. */
  redeemedCodes: readonly string[];
  /** The code currently applied at checkout, if any (for the mutual exclusion). */
  applied?: string | null;
}

export type CouponCheck =
  { ok: true; coupon: CouponDefinition; message: string } | { ok: false; message: string };

function findActive(
  coupons: readonly CouponDefinition[],
  code: string,
): CouponDefinition | undefined {
  return coupons.find((c) => c.active && normalizeCouponCode(c.code) === code);
}

/**
 * Whether `code` can be applied, and with what message. Checks, in this order:
 * empty → unknown or inactive → the other kind already applied → used before by this account →
 * too many earlier orders → subtotal below the minimum. What can never succeed for this shopper
 * is said before what more shopping would fix, so nobody fills a cart for a coupon they cannot use.
 * Applying a code of the same kind as the applied one replaces it (switching VASTRA10 ⇄ ASR10).
 */
export function checkCoupon(code: string, context: CouponContext): CouponCheck {
  const wanted = normalizeCouponCode(code);
  if (wanted === '') return { ok: false, message: COUPON_MESSAGES.enterCode };
  const coupon = findActive(context.coupons, wanted);
  if (!coupon) return { ok: false, message: COUPON_MESSAGES.invalid };

  const applied = context.applied
    ? findActive(context.coupons, normalizeCouponCode(context.applied))
    : undefined;
  if (applied && applied.code !== coupon.code && applied.kind !== coupon.kind) {
    return {
      ok: false,
      message:
        applied.kind === 'free_delivery'
          ? COUPON_MESSAGES.removeFreeDeliveryFirst
          : COUPON_MESSAGES.removePercentFirst(applied.percent),
    };
  }

  if (
    coupon.oncePerAccount &&
    context.redeemedCodes.some((c) => normalizeCouponCode(c) === coupon.code)
  ) {
    return { ok: false, message: COUPON_MESSAGES.alreadyUsed(coupon.kind) };
  }
  if (coupon.maxEarlierOrders !== null && context.earlierOrders >= coupon.maxEarlierOrders) {
    return {
      ok: false,
      message: COUPON_MESSAGES.earlierOrders({
        ...coupon,
        maxEarlierOrders: coupon.maxEarlierOrders,
      }),
    };
  }
  if (context.subtotal < coupon.minSubtotal) {
    return { ok: false, message: COUPON_MESSAGES.minimum(coupon) };
  }
  return {
    ok: true,
    coupon,
    message:
      coupon.kind === 'free_delivery'
        ? COUPON_MESSAGES.freeDeliveryApplied
        : COUPON_MESSAGES.applied,
  };
}

export interface OrderTotals extends CartTotals {
  /** floor(percent × (subtotal + delivery fee) / 100) for a percent coupon; 0 otherwise. */
  discount: number;
  /** The applied coupon's code, or null. */
  coupon: string | null;
}

/**
 * What the shopper sees and pays (docs/architecture.md §4.2): subtotal, the delivery fee unless free delivery
 * applies, discount = floor(percent % × (subtotal + fee)), total = subtotal + fee − discount; all 0
 * for an empty cart. It does not judge the coupon: pass only one that `checkCoupon` accepted.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  coupon?: Pick<CouponDefinition, 'code' | 'kind' | 'percent'> | null,
  options: CartTotalsOptions = {},
): OrderTotals {
  const base = cartTotals(lines, options);
  if (base.itemCount === 0 || !coupon) return { ...base, discount: 0, coupon: null };
  if (coupon.kind === 'free_delivery') {
    return { ...base, deliveryFee: 0, total: base.subtotal, discount: 0, coupon: coupon.code };
  }
  if (!Number.isInteger(coupon.percent) || coupon.percent < 0 || coupon.percent > 100) {
    throw new RangeError(`A coupon's percent must be a whole number 0–100 (got ${coupon.percent})`);
  }
  // Integer arithmetic: (subtotal + fee) × percent stays a safe integer for any cart the limits allow.
  const discount = Math.floor(((base.subtotal + base.deliveryFee) * coupon.percent) / 100);
  return { ...base, discount, total: base.total - discount, coupon: coupon.code };
}

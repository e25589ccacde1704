import { COUPON_KINDS } from '@vastra/shared/pricing/coupons';
import type { CouponSummary } from '@vastra/shared/schemas/coupon';

/**
 * The coupon a shopper applied at checkout stays applied while they come and go in this tab
 * (sessionStorage). It is only a preview: checkout asks the server again when it opens, and the
 * server checks the code once more when the order is placed. It belongs to the session, so it is
 * forgotten at logout (lib/account-session.ts clears this tab's sessionStorage) and after an order.
 */
const KEY = 'vastra.checkout.coupon';

function isCoupon(value: unknown): value is CouponSummary {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.code === 'string' &&
    (COUPON_KINDS as readonly unknown[]).includes(c.kind) &&
    typeof c.percent === 'number' &&
    typeof c.minSubtotal === 'number' &&
    typeof c.description === 'string'
  );
}

export function readAppliedCoupon(): CouponSummary | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isCoupon(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveAppliedCoupon(coupon: CouponSummary | null): void {
  try {
    if (coupon) window.sessionStorage.setItem(KEY, JSON.stringify(coupon));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the coupon stays applied on this page only.
  }
}

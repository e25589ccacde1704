import { useEffect, useRef, useState } from 'react';
import { FREE_DELIVERY_COUPON } from '@vastra/shared/constants';
import { COUPON_MESSAGES, normalizeCouponCode } from '@vastra/shared/pricing/coupons';
import type { CouponSummary } from '@vastra/shared/schemas/coupon';
import { ApiError, toastApiError } from '@/lib/api-client';
import { fetchQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { checkCoupon, getOrderCount } from '../api/order-calls';
import { ORDERS_KEY } from '../use-user-orders';
import { readAppliedCoupon, saveAppliedCoupon } from './applied-coupon';
import { CHECKOUT_TEXT } from './messages';

export interface CheckoutCoupon {
  applied: CouponSummary | null;
  /** A check is running: Place Order waits for it, so the order and the summary agree. */
  busy: boolean;
  apply: (raw: string) => Promise<boolean>;
  remove: () => void;
  /** After an order: the coupon was used (or not) by it. */
  forget: () => void;
}

/**
 * The checkout's coupon: applied only when the server says so (`POST /api/coupon/check`), kept
 * for this tab's session, and asked about again when the page opens — the cart, the shopper's
 * orders or the coupon itself may have changed since. The order count read then withdraws an
 * applied free delivery with the info message of docs/product.md §8.
 */
export function useCheckoutCoupon(): CheckoutCoupon {
  const [applied, setApplied] = useState<CouponSummary | null>(readAppliedCoupon);
  // Two reasons to wait, kept apart so the end of one never ends the other: the review of a
  // coupon kept from before (when the page opens), and the shopper's own Apply.
  const [reviewing, setReviewing] = useState(() => readAppliedCoupon() !== null);
  const [checking, setChecking] = useState(false);
  const appliedRef = useRef(applied);

  const set = (coupon: CouponSummary | null) => {
    appliedRef.current = coupon;
    setApplied(coupon);
    saveAppliedCoupon(coupon);
  };

  useEffect(() => {
    const controller = new AbortController();
    void review(controller.signal).finally(() => {
      if (!controller.signal.aborted) setReviewing(false);
    });
    return () => controller.abort();

    async function review(signal: AbortSignal) {
      // The coupon kept when the page opened; while it is reviewed, Apply waits (busy).
      const stored = readAppliedCoupon();
      let orderCount: number | null = null;
      try {
        // Read through the one data-loading primitive (decision 106), under the orders' key, so
        // placing an order invalidates it with the list.
        orderCount = (await fetchQuery([...ORDERS_KEY, 'count'], getOrderCount)).orderCount;
      } catch (error) {
        if (!signal.aborted) toastApiError(error, CHECKOUT_TEXT.orderCountFailed);
      }
      if (!stored || signal.aborted) return;
      const { maxEarlierOrders } = FREE_DELIVERY_COUPON;
      if (
        stored.kind === 'free_delivery' &&
        orderCount !== null &&
        orderCount >= maxEarlierOrders
      ) {
        set(null);
        notify.info(COUPON_MESSAGES.freeDeliveryWithdrawn(maxEarlierOrders));
        return;
      }
      try {
        const answer = await checkCoupon(stored.code, null);
        if (!signal.aborted) set(answer.coupon);
      } catch (error) {
        if (signal.aborted || !(error instanceof ApiError) || error.kind !== 'http') return;
        set(null);
        notify.info(
          CHECKOUT_TEXT.couponWithdrawn(
            stored.code,
            error.serverMessage ?? COUPON_MESSAGES.invalid,
          ),
        );
      }
    }
    // Once, when the page opens.
  }, []);

  const apply = async (raw: string): Promise<boolean> => {
    const code = normalizeCouponCode(raw);
    if (code === '') {
      notify.error(COUPON_MESSAGES.enterCode);
      return false;
    }
    setChecking(true);
    try {
      const answer = await checkCoupon(code, appliedRef.current?.code ?? null);
      set(answer.coupon);
      notify.success(answer.message);
      return true;
    } catch (error) {
      toastApiError(error, COUPON_MESSAGES.invalid);
      return false;
    } finally {
      setChecking(false);
    }
  };

  return {
    applied,
    busy: reviewing || checking,
    apply,
    remove: () => {
      set(null);
      notify.success(COUPON_MESSAGES.removed);
    },
    forget: () => set(null),
  };
}

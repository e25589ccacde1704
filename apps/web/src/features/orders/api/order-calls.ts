import type { EndpointBody } from '@vastra/shared/api/endpoints';
import type { CancelReason } from '@vastra/shared/order-life/returns';
import type { Address, PaymentMethod } from '@vastra/shared/schemas/order';
import { api } from '@/lib/api-client';
import { addLateTableGroups } from '@/lib/late-table-groups';

// The returns calls are made only from the order page: their group loads from this chunk.
addLateTableGroups();

/**
 * The order and coupon calls of docs/product.md §7, one function each. Every answer is checked
 * with the endpoint table's schema, loaded with the call: these routes are lazy chunks already,
 * and zod stays out of the first one (docs/decisions/022, 105). Nothing here sends an amount or a
 * price — the server prices the cart itself (docs/architecture.md §3).
 */

export interface PlaceOrderInput {
  address: Address;
  couponCode: string | null;
  /** The total the page showed: the server refuses (409) when its own price differs. */
  expectedTotal: number;
}

/** Cash on delivery: the order is placed unpaid and the server empties the cart. */
export function placeCodOrder(input: PlaceOrderInput) {
  return api.call('orders.place', {
    body: { ...input, paymentMethod: 'cod' satisfies PaymentMethod },
  });
}

/** Razorpay: the server creates our order and the provider's; the widget then takes the payment. */
export function createRazorpayOrder(input: PlaceOrderInput) {
  return api.call('orders.razorpay', {
    body: { ...input, paymentMethod: 'razorpay' satisfies PaymentMethod },
  });
}

/**
 * The shopper's open online order (unpaid, its hold live): the payment window's order again, the
 * same answer as `createRazorpayOrder` (docs/decisions/110). 409 once it can no longer be paid.
 */
export function resumeOrder(orderId: string) {
  return api.call('orders.resume', { body: { orderId } });
}

/**
 * Cancels one of the shopper's orders before it ships: its stock and coupon go back, a paid one is
 * refunded (decision 110, docs/decisions/118-order-life.md). The reason may be left out only for
 * the open unpaid online order (the /orders card's Cancel).
 */
export function cancelOrder(orderId: string, reason?: CancelReason) {
  return api.call('orders.cancel', { body: reason ? { orderId, reason } : { orderId } });
}

/** One order with its timeline, shipment, refunds, returns and what may be done now. */
export function getOrderDetail(id: string, signal?: AbortSignal) {
  return api.call('orders.detail', { params: { id }, signal });
}

/** What a return of these units would refund, in paise (the server's figure, nothing asked yet). */
export function quoteReturn(body: EndpointBody<'returns.quote'>, signal?: AbortSignal) {
  return api.call('returns.quote', { body, signal });
}

/** Asks for a return (refund) or a size exchange. */
export function requestReturn(body: EndpointBody<'returns.create'>) {
  return api.call('returns.create', { body });
}

/** The fields Razorpay's checkout hands its `handler` after a successful payment. */
export interface RazorpayPaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export function verifyRazorpayPayment(result: RazorpayPaymentResult) {
  return api.call('orders.verifyRazorpay', {
    body: {
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature,
    },
  });
}

/**
 * The payment-return check (/verify). The server answers `success: false` (a rejected call here)
 * unless the order really is paid; the `success` the page was given is passed on and not believed.
 */
export function verifyPaymentReturn(orderId: string, success: string | null) {
  return api.call('orders.verify', {
    body: { orderId, ...(success === null ? {} : { success }) },
  });
}

export function getUserOrders(signal?: AbortSignal) {
  return api.call('orders.list', { signal });
}

export function getOrderCount(signal?: AbortSignal) {
  return api.call('orders.count', { signal });
}

/** The payment methods checkout offers (cash on delivery can be switched off by the shop). */
export function getPaymentOptions(signal?: AbortSignal) {
  return api.call('orders.options', { signal });
}

/** The visible offers for the collapsible Available Offers list. */
export function getCouponOffers(signal?: AbortSignal) {
  return api.call('coupons.list', { signal });
}

/** Asks the server whether `code` applies to this shopper's cart now; answers its totals. */
export function checkCoupon(code: string, applied: string | null) {
  return api.call('coupons.check', { body: { code, applied } });
}

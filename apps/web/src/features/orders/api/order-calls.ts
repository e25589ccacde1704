import type { Address, PaymentMethod } from '@vastra/shared/schemas/order';
import { api } from '@/lib/api-client';

/**
 * The order and coupon calls of docs/product.md §7, one function each. The answers are checked
 * with the shared zod contracts, loaded with the call: these routes are lazy chunks already, and
 * zod stays out of the first one (docs/decisions/022). Nothing here sends an amount or a price —
 * the server prices the cart itself (docs/architecture.md §3).
 */
const orderSchemas = () => import('@vastra/shared/schemas/order');
const couponSchemas = () => import('@vastra/shared/schemas/coupon');

export interface PlaceOrderInput {
  address: Address;
  couponCode: string | null;
  /** The total the page showed: the server refuses (409) when its own price differs. */
  expectedTotal: number;
}

/** Cash on delivery: the order is placed unpaid and the server empties the cart. */
export function placeCodOrder(input: PlaceOrderInput) {
  return api.post(
    '/api/order/place',
    { ...input, paymentMethod: 'cod' satisfies PaymentMethod },
    { schema: () => orderSchemas().then((m) => m.placeOrderResponseSchema) },
  );
}

/** Razorpay: the server creates our order and the provider's; the widget then takes the payment. */
export function createRazorpayOrder(input: PlaceOrderInput) {
  return api.post(
    '/api/order/razorpay',
    { ...input, paymentMethod: 'razorpay' satisfies PaymentMethod },
    { schema: () => orderSchemas().then((m) => m.razorpayOrderResponseSchema) },
  );
}

/** The fields Razorpay's checkout hands its `handler` after a successful payment. */
export interface RazorpayPaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export function verifyRazorpayPayment(result: RazorpayPaymentResult) {
  return api.post<{ success: true; message: string }>('/api/order/verifyRazorpay', {
    razorpay_order_id: result.razorpay_order_id,
    razorpay_payment_id: result.razorpay_payment_id,
    razorpay_signature: result.razorpay_signature,
  });
}

/**
 * The payment-return check (/verify). The server answers `success: false` (a rejected call here)
 * unless the order really is paid; the `success` the page was given is passed on and not believed.
 */
export function verifyPaymentReturn(orderId: string, success: string | null) {
  return api.post<{ success: true; message: string }>('/api/order/verify', {
    orderId,
    ...(success === null ? {} : { success }),
  });
}

export function getUserOrders(signal?: AbortSignal) {
  return api.post(
    '/api/order/userorders',
    {},
    { signal, schema: () => orderSchemas().then((m) => m.userOrdersResponseSchema) },
  );
}

export function getOrderCount(signal?: AbortSignal) {
  return api.post(
    '/api/order/ordercount',
    {},
    { signal, schema: () => orderSchemas().then((m) => m.orderCountResponseSchema) },
  );
}

/** The payment methods checkout offers (cash on delivery can be switched off by the shop). */
export function getPaymentOptions(signal?: AbortSignal) {
  return api.get('/api/order/options', {
    signal,
    schema: () => orderSchemas().then((m) => m.paymentOptionsResponseSchema),
  });
}

/** The visible offers for the collapsible Available Offers list. */
export function getCouponOffers(signal?: AbortSignal) {
  return api.get('/api/coupon/list', {
    signal,
    schema: () => couponSchemas().then((m) => m.couponListResponseSchema),
  });
}

/** Asks the server whether `code` applies to this shopper's cart now; answers its totals. */
export function checkCoupon(code: string, applied: string | null) {
  return api.post(
    '/api/coupon/check',
    { code, applied },
    { schema: () => couponSchemas().then((m) => m.couponCheckResponseSchema) },
  );
}

import type { Transition } from './transitions';

/**
 * Where the parcel is: the fulfilment machine (docs/product.md §3; docs/decisions/082 and
 * 118-order-life.md). Returns and exchanges after delivery have their own machine (returns.ts),
 * per request, so an order with one shirt returned and one kept is still Delivered.
 */
export const ORDER_STATUS = {
  placed: 'Order Placed',
  packing: 'Packing',
  shipped: 'Shipped',
  outForDelivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  paymentFailed: 'Payment Failed',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as [OrderStatus, ...OrderStatus[]];

const S = ORDER_STATUS;

export const FULFILMENT_TRANSITIONS: readonly Transition<OrderStatus>[] = [
  // Before the parcel leaves, the shopper and the shop may cancel; the shop also closes an open
  // online order a new checkout replaces, and one whose late payment cannot be fulfilled.
  // (Each status lists its way forward first: the admin's buttons follow this order.)
  { from: S.placed, to: S.packing, by: ['admin'] },
  { from: S.placed, to: S.cancelled, by: ['shopper', 'admin', 'system'] },
  // The admin enters the courier and the tracking number with this step.
  { from: S.packing, to: S.shipped, by: ['admin'] },
  { from: S.packing, to: S.cancelled, by: ['shopper', 'admin'] },
  { from: S.shipped, to: S.outForDelivery, by: ['admin'] },
  { from: S.outForDelivery, to: S.delivered, by: ['admin'] },
  // An online order whose hold ran out unpaid; a payment captured after that reopens it, or —
  // when its units are gone — cancels it with the money owed back.
  { from: S.placed, to: S.paymentFailed, by: ['system'] },
  { from: S.paymentFailed, to: S.placed, by: ['system'] },
  { from: S.paymentFailed, to: S.cancelled, by: ['system'] },
];

/** Statuses before the parcel leaves: the shopper may still cancel (FULFILMENT_TRANSITIONS). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = [S.placed, S.packing];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

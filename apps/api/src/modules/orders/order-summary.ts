import type { OrderSummary } from '@vastra/shared/schemas/order';
import type { OrderRow } from '../../db/schema/orders';

/** Whether the order's hold is live now: an unpaid online order that can be paid. */
export function openForPayment(row: OrderRow, now: Date): boolean {
  return (
    row.paymentMethod === 'razorpay' &&
    !row.payment &&
    row.holdState === 'held' &&
    row.holdExpiresAt !== null &&
    row.holdExpiresAt > now
  );
}

/** An order in the shopper's list and the admin's (docs/product.md §7). */
export function toOrderSummary(row: OrderRow, now: Date): OrderSummary {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    items: row.items,
    address: row.address,
    amount: row.amount,
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    discount: row.discount,
    coupon: row.couponCode,
    paymentMethod: row.paymentMethod,
    payment: row.payment,
    paymentState: row.paymentState,
    status: row.status,
    date: row.createdAt.getTime(),
    openForPayment: openForPayment(row, now),
    holdExpiresAt: row.holdState === 'held' ? (row.holdExpiresAt?.getTime() ?? null) : null,
  };
}

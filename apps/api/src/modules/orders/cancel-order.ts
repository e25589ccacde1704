import {
  CANCELLABLE_STATUSES,
  ORDER_STATUS,
  type OrderStatus,
} from '@vastra/shared/order-life/fulfilment';
import { ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { giveCouponBack } from '../coupons/coupons.service';
import { requestRefund } from '../refunds/request-refund';
import type { TaxDesk } from '../tax/tax-desk';
import { releaseCancelledOrder } from './order-stock';
import { moveStatus, type Mover } from './order-transitions';
import { lockOrder } from './orders.repository';
import { toPaise } from './settle-payment';

/*
 * Cancelling before the parcel leaves, by the shopper or the admin (docs/decisions/118-order-life.md):
 * the status moves to Cancelled, the units and the coupon go back, and a paid online order asks
 * for its whole amount back (delivery included), all in one transaction.
 */

/** The shopper's open online order: unpaid, its units held for the payment window. */
export function isOpenUnpaid(order: OrderRow): boolean {
  return order.paymentMethod === 'razorpay' && !order.payment && order.holdState === 'held';
}

/** What cancelling refunds now: the whole amount of a paid online order, otherwise nothing. */
export function cancelRefundPaise(order: OrderRow): number {
  return order.paymentMethod === 'razorpay' && order.payment && order.paymentState === 'paid'
    ? toPaise(order.amount)
    : 0;
}

/**
 * Whether the shopper may cancel the order now, and why not: at Order Placed or Packing, cash on
 * delivery, paid online, or the open unpaid online one. (An unpaid online order whose hold ended
 * is closed by the sweep, not by the shopper.)
 */
export function shopperCancelRefusal(order: OrderRow): string | null {
  const shipped: readonly string[] = [
    ORDER_STATUS.shipped,
    ORDER_STATUS.outForDelivery,
    ORDER_STATUS.delivered,
  ];
  if (shipped.includes(order.status)) return ORDER_LIFE_MESSAGES.cannotCancelShipped;
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(order.status))
    return ORDER_LIFE_MESSAGES.cannotCancelClosed;
  const online = order.paymentMethod === 'razorpay';
  if (online && !order.payment && !isOpenUnpaid(order))
    return ORDER_LIFE_MESSAGES.cannotCancelClosed;
  if (online && order.payment && order.paymentState !== 'paid')
    return ORDER_LIFE_MESSAGES.cannotCancelClosed;
  return null;
}

export interface Cancelled {
  row: OrderRow;
  /** The refund asked for (hand it to the refund desk after the commit), or null. */
  refundId: string | null;
  refundPaise: number;
}

/**
 * Cancels `order` (locked by the caller, in `tx`) from its present status. `stockActor` is the
 * stock ledger's who; `reason` is stored as the cancel reason and the event's note.
 */
export async function cancelOrder(
  tx: Database,
  order: OrderRow,
  input: { by: Mover; stockActor: string; reason: string | null; now: Date; tax: TaxDesk },
): Promise<Cancelled> {
  const { by, reason, now } = input;
  const refundPaise = cancelRefundPaise(order);
  await moveStatus(tx, {
    orderId: order.id,
    from: order.status as OrderStatus,
    to: ORDER_STATUS.cancelled,
    by,
    note: reason,
    set: { cancelledAt: now, cancelReason: reason },
    at: now,
  });
  await releaseCancelledOrder(tx, order.id, input.stockActor);
  await giveCouponBack(tx, order.id);
  let refundId: string | null = null;
  if (refundPaise > 0) {
    const paid = await lockOrder(tx, order.id);
    if (!paid) throw new AppError('not_found', ORDER_LIFE_MESSAGES.notFound);
    refundId = (
      await requestRefund(tx, {
        order: paid,
        amountPaise: refundPaise,
        reason: 'cancelled',
        by,
        at: now,
        tax: input.tax,
      })
    ).id;
  }
  const row = await lockOrder(tx, order.id);
  if (!row) throw new AppError('not_found', ORDER_LIFE_MESSAGES.notFound);
  return { row, refundId, refundPaise };
}

import type { OrderItem } from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { releaseHeldCoupon } from '../coupons/coupons.service';
import { releaseStock, restockStock, type StockLine } from '../stock/stock.service';
import { endHold, endTaken } from './orders.repository';

/** The units an order's lines stand for. */
export function stockLines(items: readonly OrderItem[]): StockLine[] {
  return items.map((item) => ({ productId: item._id, size: item.size, quantity: item.quantity }));
}

/**
 * Ends an order's live hold, in the caller's transaction: its units and coupon go back. Only from
 * 'held', so the sweep, a payment and a cancel racing end it once; undefined if it was not held.
 * The order's status and payment state are moved by the caller (order-transitions.ts).
 */
export async function endHoldAndRelease(
  tx: Database,
  orderId: string,
  actor: string,
  extra: { failedAt?: Date } = {},
): Promise<OrderRow | undefined> {
  const ended = await endHold(tx, orderId, extra);
  if (!ended) return undefined;
  await releaseStock(tx, stockLines(ended.items), { orderId: ended.id, actor });
  await releaseHeldCoupon(tx, ended.id);
  return ended;
}

/**
 * A cancellation (only before shipping) gives the units back at once, in the caller's
 * transaction: an unpaid online order's hold and held coupon are released; the units a
 * cash-on-delivery or paid order took are on hand again. Each at most once, from the order's hold
 * state. `actor`: the stock ledger's who (the admin's e-mail, 'shopper', 'system').
 */
export async function releaseCancelledOrder(
  tx: Database,
  orderId: string,
  actor: string,
): Promise<void> {
  if (await endHoldAndRelease(tx, orderId, actor)) return;
  const returned = await endTaken(tx, orderId);
  if (returned) await restockStock(tx, stockLines(returned.items), { orderId, actor });
}

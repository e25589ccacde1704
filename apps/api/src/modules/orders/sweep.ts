import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import type { RefundDesk } from '../refunds/refund-desk';
import type { TaxDesk } from '../tax/tax-desk';
import { endHoldAndRelease } from './order-stock';
import { moveStatus, movePayment, type Mover } from './order-transitions';
import { findExpiredHolds, findStaleOnlineOrders, lockOrder } from './orders.repository';
import { capturedFor, settlePaid } from './settle-payment';

/*
 * The sweep: the one owner of closing online orders nobody paid (docs/decisions/118-order-life.md).
 * It runs in one process at a time (DatabaseHandle.runExclusive with SWEEP_LOCK_KEY).
 */

/**
 * Online orders that hold nothing (cancelled, or placed before holds existed) and are unpaid this
 * long are checked with the provider and closed if unpaid. Held orders are checked when their hold
 * runs out (HOLD_MINUTES, docs/decisions/110).
 */
export const STALE_ONLINE_ORDER_MS = 30 * 60_000;

/** The sweep's PostgreSQL advisory lock (the migration's and the refund loop's differ). */
export const SWEEP_LOCK_KEY = 7_311_211_801;

const SWEEP: Mover = { actor: 'system', label: 'sweep' };

/**
 * Closes an unpaid online order in the caller's transaction: its hold ends (units and coupon go
 * back), its money unpaid → failed, and an order still at Order Placed → Payment Failed. One the
 * shop or the shopper cancelled keeps its status. False when it was paid or closed meanwhile.
 */
export async function closeUnpaid(
  tx: Database,
  orderId: string,
  now: Date,
  by: Mover = SWEEP,
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.payment || order.failedAt || order.paymentState !== 'unpaid') return false;
  await endHoldAndRelease(tx, order.id, 'system');
  await movePayment(tx, {
    orderId,
    from: 'unpaid',
    to: 'failed',
    by,
    set: { failedAt: now },
    at: now,
  });
  if (order.status === ORDER_STATUS.placed)
    await moveStatus(tx, {
      orderId,
      from: ORDER_STATUS.placed,
      to: ORDER_STATUS.paymentFailed,
      by,
      at: now,
    });
  return true;
}

/**
 * One pass: online orders whose hold ran out (earliest expiry first), then unheld ones unpaid for
 * 30 minutes (oldest first), each batch in that defined order. Each is checked with the provider
 * first; a captured payment settles it, otherwise it is closed. One order's error does not stop
 * the others.
 */
export async function closeStaleOnlineOrders(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  opts: { log?: Logger; mailer?: Mailer | undefined; refunds: RefundDesk; tax: TaxDesk },
): Promise<{ paid: string[]; failed: string[] }> {
  const log = opts.log ?? { info() {}, warn() {}, error() {} };
  const expired = await findExpiredHolds(db, now);
  const stale = await findStaleOnlineOrders(db, new Date(now.getTime() - STALE_ONLINE_ORDER_MS));
  const result = { paid: [] as string[], failed: [] as string[] };
  for (const order of [...expired, ...stale]) {
    try {
      if (await paidAtProvider(order)) {
        result.paid.push(order.id);
        continue;
      }
      if (await db.transaction((tx) => closeUnpaid(tx, order.id, now)))
        result.failed.push(order.id);
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'could not reconcile an unpaid online order');
    }
  }
  return result;

  /** True when the provider captured a payment and it settled the order now. */
  async function paidAtProvider(order: OrderRow): Promise<boolean> {
    if (!order.providerOrderId) return false;
    const captured = capturedFor(order, await gateway.fetchOrderPayments(order.providerOrderId));
    if (!captured) return false;
    const deps = { db, log, mailer: opts.mailer, refunds: opts.refunds, tax: opts.tax };
    return (await settlePaid(deps, order, captured, now, 'sweep')) !== undefined;
  }
}

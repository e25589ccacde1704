import { ORDER_STATUS, type OrderStatus } from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { isAppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';
import type { Mailer } from '../../providers/mailer/mailer';
import type { ProviderPayment } from '../../providers/payments/payment-gateway';
import { removeBoughtLines } from '../cart/cart.service';
import { recordRedemption, redeemHeldCoupon } from '../coupons/coupons.service';
import type { RefundDesk } from '../refunds/refund-desk';
import { requestRefund } from '../refunds/request-refund';
import type { TaxDesk } from '../tax/tax-desk';
import { sellHeldStock, takeStock } from '../stock/stock.service';
import { confirmationMail, mailShopper } from './order-mail';
import { stockLines } from './order-stock';
import { moveStatus, movePayment, type Mover } from './order-transitions';
import { lockOrder } from './orders.repository';

/*
 * Settling a payment: the one owner of "money arrived for an order" (docs/decisions/118-order-life.md).
 * The browser's verification, the webhook and the sweep all end here; the order row is locked, so
 * they settle it once between them.
 */

export interface SettleDeps {
  db: Database;
  log: Logger;
  mailer?: Mailer | undefined;
  refunds: RefundDesk;
  /** Invoices a paid order that stands, in the settling transaction. */
  tax: TaxDesk;
}

export const toPaise = (rupees: number) => rupees * 100;

/** A captured payment of the whole order amount, if the provider has one. */
export function capturedFor(
  order: OrderRow,
  payments: readonly ProviderPayment[],
): ProviderPayment | undefined {
  return payments.find(
    (p) =>
      p.status === 'captured' &&
      p.amount === toPaise(order.amount) &&
      (p.orderId === null || p.orderId === order.providerOrderId),
  );
}

type Settled = { row: OrderRow; refundId: string | null };

/**
 * Pays an order once, in one transaction holding the order row:
 * - held (the usual case): unpaid → paid; the held units are sold, the held coupon redeemed;
 * - cancelled meanwhile: → refund_due, nothing taken, and the whole amount is asked back;
 * - its hold ended unpaid (the sweep closed it: Payment Failed, failed): the units are taken if
 *   still available (failed → paid, Payment Failed → Order Placed), otherwise the order is
 *   cancelled (failed → refund_due, Payment Failed → Cancelled) and the whole amount asked back.
 * A refund asked for is handed to the refund desk after the commit. Undefined when it was already
 * paid: a replay or the race's loser (webhook, verify, sweep).
 */
export async function settlePaid(
  deps: SettleDeps,
  order: Pick<OrderRow, 'id'>,
  payment: { id: string | null; method?: string | null },
  now: Date,
  source: string,
): Promise<OrderRow | undefined> {
  const by: Mover = { actor: 'system', label: source };
  const settled = await deps.db.transaction(async (tx): Promise<Settled | undefined> => {
    const current = await lockOrder(tx, order.id);
    if (!current || current.payment) return undefined;
    const lines = stockLines(current.items);
    const who = { orderId: current.id, actor: 'system' };
    const money = {
      payment: true,
      providerPaymentId: payment.id,
      paidAt: now,
      paidWith: payment.method ?? null,
    };
    /** Paid, but the order cannot be fulfilled: the money is owed back in full. */
    const owedBack = async (): Promise<Settled> => {
      const row = await movePayment(tx, {
        orderId: current.id,
        from: current.paymentState,
        to: 'refund_due',
        by,
        set: money,
        at: now,
      });
      const refund = await requestRefund(tx, {
        order: row,
        amountPaise: toPaise(row.amount),
        reason: 'unfulfillable',
        by,
        at: now,
        tax: deps.tax,
      });
      return { row, refundId: refund.id };
    };

    if (current.holdState === 'held') {
      await sellHeldStock(tx, lines, who);
      const redeemed = current.couponCode !== null && (await redeemHeldCoupon(tx, current.id));
      const row = await movePayment(tx, {
        orderId: current.id,
        from: current.paymentState,
        to: 'paid',
        by,
        set: { ...money, holdState: 'taken' },
        at: now,
      });
      await afterPaid(tx, deps, row, !redeemed, now);
      return { row, refundId: null };
    }
    if (current.status === ORDER_STATUS.cancelled) return owedBack();
    if (current.holdState === 'released') {
      try {
        // A savepoint: a size that fell short undoes only the taking, not the payment.
        await tx.transaction((sp) => takeStock(sp, lines, who));
      } catch (error) {
        if (!isAppError(error) || error.type !== 'conflict') throw error;
        await moveStatus(tx, {
          orderId: current.id,
          from: current.status as OrderStatus,
          to: ORDER_STATUS.cancelled,
          by,
          note: 'Sold out before the payment arrived',
          set: { cancelledAt: now, cancelReason: 'Sold out before the payment arrived' },
          at: now,
        });
        return owedBack();
      }
    }
    // Reopened (or an order from before holds): the money is in and the units are its own.
    const row = await movePayment(tx, {
      orderId: current.id,
      from: current.paymentState,
      to: 'paid',
      by,
      set: { ...money, holdState: current.holdState ? 'taken' : null, failedAt: null },
      at: now,
    });
    const reopened =
      row.status === ORDER_STATUS.paymentFailed
        ? await moveStatus(tx, {
            orderId: row.id,
            from: ORDER_STATUS.paymentFailed,
            to: ORDER_STATUS.placed,
            by,
            at: now,
          })
        : row;
    await afterPaid(tx, deps, reopened, true, now);
    return { row: reopened, refundId: null };
  });
  if (!settled) return undefined;
  const { row, refundId } = settled;
  if (refundId) {
    deps.log.warn(
      { orderId: row.id, providerPaymentId: payment.id, refundId },
      'payment for an order that cannot be fulfilled: refund requested',
    );
    deps.refunds.issueSoon(refundId);
  } else {
    deps.log.info({ orderId: row.id, providerPaymentId: payment.id }, 'order paid');
    shopMetrics.ordersPaid.inc({ payment: 'razorpay' });
    await mailShopper(deps, row, (account) => confirmationMail(row, account));
  }
  return row;
}

/**
 * A paid order that stands: its coupon is recorded anew when its hold had ended (`redeemAnew`),
 * what it bought leaves the shopper's cart (lines added since stay), and it gets its tax invoice
 * (docs/decisions/124-tax-invoices-api.md). Money owed back never gets here: nothing was supplied.
 */
async function afterPaid(
  tx: Database,
  deps: SettleDeps,
  row: OrderRow,
  redeemAnew: boolean,
  now: Date,
): Promise<void> {
  if (redeemAnew && row.couponCode) {
    const recorded = await recordRedemption(tx, {
      code: row.couponCode,
      userId: row.userId,
      orderId: row.id,
    });
    // The money is taken; the order stands even if the coupon got used meanwhile elsewhere.
    if (!recorded)
      deps.log.warn({ orderId: row.id, coupon: row.couponCode }, 'coupon already redeemed');
  }
  await removeBoughtLines(tx, row.userId, stockLines(row.items));
  await deps.tax.issueInvoice(tx, row, now);
}

import { formatPaise } from '@vastra/shared/pricing/money';
import type { RefundReason } from '@vastra/shared/order-life/refunds';
import { ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { RefundRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { appendOrderEvent } from '../orders/order-events.repository';
import { movePayment, type Mover } from '../orders/order-transitions';
import type { TaxDesk } from '../tax/tax-desk';
import { claimedPaise, insertRefund } from './refunds.repository';

/**
 * Asks for money back, in the caller's transaction, which holds the order row locked
 * (docs/decisions/118-order-life.md): the amount is checked against what was paid and not yet
 * claimed by earlier refunds, a pending refund is written to the ledger, the order's money moves
 * to refund_due, the history says so, and an invoiced order gets its credit note (the tax desk,
 * docs/decisions/124-tax-invoices-api.md). Issuing it (Razorpay, or the admin's UPI payout) happens
 * after the commit, in the refunds service; a refund is never sent from inside a transaction.
 */
export async function requestRefund(
  tx: Database,
  input: {
    order: OrderRow;
    amountPaise: number;
    reason: RefundReason;
    returnId?: string | null;
    /** Cash on delivery: the shopper's UPI ID the admin pays out to. */
    upiId?: string | null;
    by: Mover;
    /** The shop's clock now: the refund is due for sending from this moment. */
    at: Date;
    /** Writes the credit note that goes with the refund (required, so no caller forgets it). */
    tax: TaxDesk;
  },
): Promise<RefundRow> {
  const { order } = input;
  if (!order.payment) throw new AppError('conflict', ORDER_LIFE_MESSAGES.refundBeforeCash);
  const paid = order.payment ? order.amount * 100 : 0;
  const left = paid - (await claimedPaise(tx, order.id));
  if (
    !Number.isSafeInteger(input.amountPaise) ||
    input.amountPaise <= 0 ||
    input.amountPaise > left
  )
    throw new AppError('invalid_data', ORDER_LIFE_MESSAGES.refundTooLarge);
  const online = order.paymentMethod === 'razorpay';
  if (!online && !input.upiId) throw new AppError('invalid_data', ORDER_LIFE_MESSAGES.upiIdNeeded);
  const refund = await insertRefund(tx, {
    orderId: order.id,
    returnId: input.returnId ?? null,
    amountPaise: input.amountPaise,
    method: online ? 'razorpay' : 'upi_payout',
    reason: input.reason,
    providerPaymentId: online ? order.providerPaymentId : null,
    upiId: online ? null : (input.upiId ?? null),
    nextAttemptAt: online ? input.at : null,
    createdAt: input.at,
    updatedAt: input.at,
  });
  if (order.paymentState === 'paid' || order.paymentState === 'partially_refunded') {
    await movePayment(tx, {
      orderId: order.id,
      from: order.paymentState,
      to: 'refund_due',
      by: input.by,
      at: input.at,
    });
  }
  await input.tax.issueCreditNote(tx, { order, refund, at: input.at });
  await appendOrderEvent(tx, {
    orderId: order.id,
    actor: input.by.actor,
    actorLabel: input.by.label ?? null,
    kind: 'refund',
    subjectId: refund.id,
    from: null,
    to: 'pending',
    note: formatPaise(input.amountPaise),
    at: input.at,
  });
  return refund;
}

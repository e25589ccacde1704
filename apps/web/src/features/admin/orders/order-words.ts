import { formatPaise } from '@vastra/shared/pricing/money';
import { PAYMENT_STATE_LABELS, type PaymentState } from '@vastra/shared/order-life/payment-state';
import {
  REFUND_STATUS_LABELS,
  type RefundMethod,
  type RefundReason,
  type RefundStatus,
} from '@vastra/shared/order-life/refunds';
import { RETURN_STATE_LABELS, type ReturnState } from '@vastra/shared/order-life/returns';
import type { OrderActor } from '@vastra/shared/order-life/transitions';
import type { PaymentMethod } from '@vastra/shared/schemas/order';
import type { OrderEvent } from '@vastra/shared/schemas/order-life';

/** The words of the owner's after-sale screens, one place for the order screen and the desks. */

/** Who moved it, when the server names no one (the admin's e-mail is its `actorLabel`). */
export const ACTOR_WORDS: Record<OrderActor, string> = {
  shopper: 'Shopper',
  admin: 'Staff',
  system: 'Shop (automatic)',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  razorpay: 'Razorpay',
};

/** The shared labels, except that the owner reads an unpaid order as "Not paid", not "Pending". */
export function paymentLabel(state: PaymentState): string {
  return state === 'unpaid' ? 'Not paid' : PAYMENT_STATE_LABELS[state];
}

/** Badge colours by how the money stands: settled, owed back, or not in. */
export function paymentTone(state: PaymentState): string {
  if (state === 'refund_due') return 'bg-accent text-paper';
  if (state === 'paid') return 'bg-sale/10 text-sale';
  if (state === 'unpaid') return 'bg-amber-100 text-amber-900';
  return 'bg-line text-ink';
}

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  cancelled: 'Order cancelled',
  returned: 'Items returned',
  unfulfillable: 'Paid after the order closed',
};

/** The owner's words for a refund's status ("Failed", not the shopper's "we are retrying"). */
export const ADMIN_REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: REFUND_STATUS_LABELS.pending,
  processed: REFUND_STATUS_LABELS.processed,
  failed: 'Failed',
};

export function refundMethodLabel(method: RefundMethod, upiId: string | null): string {
  if (method === 'razorpay') return 'Razorpay (back to the original payment)';
  return upiId ? `UPI payout to ${upiId}` : 'UPI payout';
}

function returnStateLabel(state: string): string {
  return RETURN_STATE_LABELS[state as ReturnState] ?? state;
}

function refundStatusLabel(status: string): string {
  return ADMIN_REFUND_STATUS_LABELS[status as RefundStatus] ?? status;
}

/** One line of an order's timeline in words: what moved, from what to what. */
export function eventText(event: Pick<OrderEvent, 'kind' | 'from' | 'to' | 'note'>): string {
  switch (event.kind) {
    case 'status':
      return event.from ? `${event.from} → ${event.to}` : event.to;
    case 'payment':
      return `Payment: ${paymentLabel(event.to as PaymentState)}`;
    case 'return':
      return `Return: ${returnStateLabel(event.to)}`;
    case 'refund': {
      // A refund event's note is its amount in paise.
      const amount = event.note && /^\d+$/.test(event.note) ? formatPaise(Number(event.note)) : '';
      return `Refund${amount ? ` of ${amount}` : ''}: ${refundStatusLabel(event.to)}`;
    }
  }
}

/** The note worth showing under a timeline line (a refund's note is its amount, shown above). */
export function eventNote(event: Pick<OrderEvent, 'kind' | 'note'>): string | null {
  return event.kind === 'refund' ? null : event.note;
}

import type { Transition } from './transitions';

/**
 * The money side of an order, apart from where the parcel is (docs/decisions/118-order-life.md).
 * `payment` (the boolean the specification's screens show) stays "money was received once";
 * this says what the money is now.
 */
export const PAYMENT_STATE = {
  unpaid: 'unpaid',
  paid: 'paid',
  /** Some of the money went back (a return); the rest is kept. */
  partiallyRefunded: 'partially_refunded',
  refunded: 'refunded',
  /** An online order closed unpaid (the hold ran out, or the provider order could not be made). */
  failed: 'failed',
  /** Money must go back and has not yet all gone: a refund is pending, failed or not yet issued. */
  refundDue: 'refund_due',
} as const;
export type PaymentState = (typeof PAYMENT_STATE)[keyof typeof PAYMENT_STATE];
export const PAYMENT_STATES = Object.values(PAYMENT_STATE) as [PaymentState, ...PaymentState[]];

const P = PAYMENT_STATE;

export const PAYMENT_TRANSITIONS: readonly Transition<PaymentState>[] = [
  // Settling a payment: the provider's capture (online), or the cash the admin received (COD).
  { from: P.unpaid, to: P.paid, by: ['system', 'admin'] },
  { from: P.unpaid, to: P.failed, by: ['system'] },
  // A payment captured after the order closed: it reopens when its units can still be taken…
  { from: P.failed, to: P.paid, by: ['system'] },
  // …and is owed back when they cannot, or when the order was cancelled meanwhile.
  { from: P.failed, to: P.refundDue, by: ['system'] },
  { from: P.unpaid, to: P.refundDue, by: ['system'] },
  // A cancellation or a return asks for money back.
  { from: P.paid, to: P.refundDue, by: ['shopper', 'admin', 'system'] },
  { from: P.partiallyRefunded, to: P.refundDue, by: ['shopper', 'admin', 'system'] },
  // The refunds settle: all of the money back, or part of it.
  { from: P.refundDue, to: P.refunded, by: ['system', 'admin'] },
  { from: P.refundDue, to: P.partiallyRefunded, by: ['system', 'admin'] },
];

/** The state the refunds of an order put it in once none of them is outstanding. */
export function settledPaymentState(paidPaise: number, refundedPaise: number): PaymentState {
  if (refundedPaise <= 0) return P.paid;
  return refundedPaise >= paidPaise ? P.refunded : P.partiallyRefunded;
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
  refund_due: 'Refund in progress',
};

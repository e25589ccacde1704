/**
 * The refund ledger's words (docs/decisions/118-order-life.md). Amounts are in paise: a return
 * of part of an order gives back its share of the discount to the paisa.
 */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Online payments go back through Razorpay; cash on delivery as a UPI payout the admin makes. */
export const REFUND_METHODS = ['razorpay', 'upi_payout'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Why money goes back. */
export const REFUND_REASONS = [
  /** The shopper or the shop cancelled a paid order before shipping: everything, delivery too. */
  'cancelled',
  /** A return's goods were received: those units' share of what was paid. */
  'returned',
  /** A payment arrived for an order that was cancelled or whose units were gone. */
  'unfulfillable',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'In progress',
  processed: 'Refunded',
  failed: 'Failed: we are retrying',
};

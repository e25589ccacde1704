import type { Transition } from './transitions';

/**
 * A return or size exchange: one request per shopper's choice, of some units of some lines of a
 * delivered order, within the return window (docs/decisions/118-order-life.md).
 */
export const RETURN_KINDS = ['refund', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_STATE = {
  requested: 'requested',
  approved: 'approved',
  rejected: 'rejected',
  pickedUp: 'picked_up',
  received: 'received',
  /** Refund requests end here: the refund is issued (its own status is in the refund ledger). */
  refunded: 'refunded',
  /** Exchange requests: the new size leaves as a new leg of the order, no second payment. */
  exchangeShipped: 'exchange_shipped',
  exchangeDelivered: 'exchange_delivered',
} as const;
export type ReturnState = (typeof RETURN_STATE)[keyof typeof RETURN_STATE];
export const RETURN_STATES = Object.values(RETURN_STATE) as [ReturnState, ...ReturnState[]];

const R = RETURN_STATE;

export const RETURN_TRANSITIONS: readonly Transition<ReturnState>[] = [
  { from: R.requested, to: R.approved, by: ['admin'] },
  { from: R.requested, to: R.rejected, by: ['admin'] },
  { from: R.approved, to: R.pickedUp, by: ['admin'] },
  { from: R.pickedUp, to: R.received, by: ['admin'] },
  // Receiving the goods of a refund request issues the refund at once.
  { from: R.received, to: R.refunded, by: ['system'] },
  { from: R.received, to: R.exchangeShipped, by: ['admin'] },
  { from: R.exchangeShipped, to: R.exchangeDelivered, by: ['admin'] },
];

/** States in which a request still claims its units (they cannot be asked for again). */
export const RETURN_OPEN_OR_DONE: readonly ReturnState[] = RETURN_STATES.filter(
  (s) => s !== R.rejected,
);

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved: pickup to be scheduled',
  rejected: 'Rejected',
  picked_up: 'Picked up',
  received: 'Received at our warehouse',
  refunded: 'Refund issued',
  exchange_shipped: 'New size shipped',
  exchange_delivered: 'New size delivered',
};

export const RETURN_REASONS = [
  'Size too small',
  'Size too large',
  'Not as described or pictured',
  'Damaged or defective',
  'Wrong item received',
  'Changed my mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Want to change size or colour',
  'Found a better price',
  'Delivery is too late',
  'Changed my mind',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

import { REFUND_DAYS } from '@vastra/shared/constants';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type { PaymentState } from '@vastra/shared/order-life/payment-state';
import type { RefundStatus } from '@vastra/shared/order-life/refunds';
import type { ReturnState } from '@vastra/shared/order-life/returns';
import { formatPaise } from '@vastra/shared/pricing/money';
import type { OrderEvent } from '@vastra/shared/schemas/order-life';

/**
 * The order page's words (docs/decisions/121-storefront-order-page.md): how each step of an
 * order's life reads to the shopper, and its times — in India's time, like the order's date
 * (order-format.ts), whatever the clock of the device.
 */

const INDIA = 'Asia/Kolkata';
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: INDIA,
});
const weekdayDate = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: INDIA,
});

/** `24 Nov 2026, 14:35` (India). */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

/** `Thu, 26 Nov – Tue, 1 Dec` (India); one day when both ends fall on it. */
export function formatWindow(window: { from: number; to: number }): string {
  const from = weekdayDate.format(new Date(window.from));
  const to = weekdayDate.format(new Date(window.to));
  return from === to ? from : `${from} – ${to}`;
}

export const ORDER_PAGE_TEXT = {
  loading: 'Loading your order',
  notFoundTitle: 'We could not find this order',
  notFoundText: 'It may belong to another account, or the link is not complete.',
  loadFailed: 'We could not load this order.',
  myOrders: 'MY ORDERS',
  backToOrders: 'My orders',
  retry: 'TRY AGAIN',
  cancel: 'Cancel order',
  returnOrExchange: 'Return or exchange items',
  refundDays: `${REFUND_DAYS.min}–${REFUND_DAYS.max} business days`,
  thankYou: 'Thank you for your order',
  timesNote: 'Times are India time (IST).',
} as const;

/** The parcel's steps as the shopper reads them. */
const STATUS_WORDS: Record<string, string> = {
  [ORDER_STATUS.placed]: 'Order placed',
  [ORDER_STATUS.packing]: 'Being packed',
  [ORDER_STATUS.shipped]: 'Shipped',
  [ORDER_STATUS.outForDelivery]: 'Out for delivery',
  [ORDER_STATUS.delivered]: 'Delivered',
  [ORDER_STATUS.cancelled]: 'Order cancelled',
  [ORDER_STATUS.paymentFailed]: 'Payment not completed in time',
};

const PAYMENT_WORDS: Record<PaymentState, string> = {
  unpaid: 'Awaiting payment',
  paid: 'Payment received',
  partially_refunded: 'Part of the payment refunded',
  refunded: 'Payment refunded in full',
  failed: 'Payment not completed',
  refund_due: 'Refund started',
};

const RETURN_WORDS: Record<ReturnState, string> = {
  requested: 'Return or exchange requested',
  approved: 'Return approved: pickup to be scheduled',
  rejected: 'Return request declined',
  picked_up: 'Items picked up from you',
  received: 'Returned items received at our warehouse',
  refunded: 'Refund issued for the returned items',
  exchange_shipped: 'New size shipped',
  exchange_delivered: 'New size delivered',
};

/** A refund event's note is its amount, formatted by the server (`₹1,299.50`) or in paise. */
function refundAmount(note: string | null): string {
  if (note === null) return '';
  if (/^\d+$/.test(note)) return ` of ${formatPaise(Number(note))}`;
  return note.startsWith('₹') ? ` of ${note}` : '';
}

const REFUND_WORDS: Record<RefundStatus, (amount: string) => string> = {
  pending: (amount) => `Refund${amount} on its way`,
  processed: (amount) => `Refund${amount} completed`,
  failed: (amount) => `Refund${amount} delayed: we are retrying`,
};

/** One line of the timeline in words; unknown states still show, as they are. */
export function eventWords(event: OrderEvent): string {
  switch (event.kind) {
    case 'status':
      return STATUS_WORDS[event.to] ?? event.to;
    case 'payment':
      return PAYMENT_WORDS[event.to as PaymentState] ?? event.to;
    case 'return':
      return RETURN_WORDS[event.to as ReturnState] ?? event.to;
    case 'refund':
      return (REFUND_WORDS[event.to as RefundStatus] ?? ((a: string) => `Refund${a}: ${event.to}`))(
        refundAmount(event.note),
      );
  }
}

/** The detail under a timeline line the shopper should see: the reason a cancellation gave. */
export function eventDetail(event: OrderEvent): string | null {
  if (event.kind === 'status' && event.to === ORDER_STATUS.cancelled && event.note)
    return `Reason: ${event.note}`;
  if (event.kind === 'return' && event.to === 'rejected' && event.note) return event.note;
  return null;
}

/** How the payment was made, when the provider said: `upi` → `UPI`. */
export function paidWithLabel(paidWith: string | null): string | null {
  if (!paidWith) return null;
  const known: Record<string, string> = {
    upi: 'UPI',
    card: 'Card',
    netbanking: 'Net banking',
    wallet: 'Wallet',
    emi: 'EMI',
    cash: 'Cash',
  };
  return known[paidWith.toLowerCase()] ?? paidWith;
}

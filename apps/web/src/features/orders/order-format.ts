/**
 * The shop is in India and ships only there (docs/architecture.md §4.9): an order's date is its date in
 * India, whatever the clock of the device reading it — so "22 Nov 2026" is the same day on the
 * order page, in the confirmation mail and to customer support.
 */
const orderDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** `22 Nov 2026`. */
export function formatOrderDate(ms: number): string {
  return orderDate.format(new Date(ms));
}

const holdTime = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

/**
 * When an unpaid order's hold ends, as a time in India like its date: `14:35`. A hold lasts
 * minutes (docs/decisions/110), so the day goes without saying.
 */
export function formatHoldTime(ms: number): string {
  return holdTime.format(new Date(ms));
}

/** A short reference people can read out to support: the first block of the order id. */
export function orderReference(id: string): string {
  return (id.split('-')[0] ?? id).toUpperCase();
}

export type StatusTone = 'placed' | 'progress' | 'done' | 'problem' | 'other';

/**
 * The status is free text from the server (docs/product.md §4): the ones we know get a colour, any other
 * still shows, in a neutral one. The admin issue's statuses are listed here already.
 */
const TONES: Record<string, StatusTone> = {
  'order placed': 'placed',
  packing: 'progress',
  shipped: 'progress',
  'out for delivery': 'progress',
  delivered: 'done',
  cancelled: 'problem',
  canceled: 'problem',
  'payment failed': 'problem',
  'awaiting payment': 'other',
};

export function statusTone(status: string): StatusTone {
  return TONES[status.trim().toLowerCase()] ?? 'other';
}

/** What the status pill says: an online order not paid yet is not on its way, so it says so. */
export function displayStatus(order: {
  status: string;
  payment: boolean;
  paymentMethod: string;
}): string {
  if (order.paymentMethod === 'razorpay' && !order.payment && statusTone(order.status) === 'placed')
    return 'Awaiting payment';
  return order.status;
}

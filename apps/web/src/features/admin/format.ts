/** The shop is in India: the admin reads every time as India's (Asia/Kolkata), on any device. */
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const date = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const time = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const weekday = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

/** `22 Nov 2026, 3:45 pm`. */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

/** `22 Nov 2026`. */
export function formatDate(ms: number): string {
  return date.format(new Date(ms));
}

/** `3:45 pm`. */
export function formatTime(ms: number): string {
  return time.format(new Date(ms));
}

/** `Mon, 16 Nov`. */
export function formatWeekday(iso: string): string {
  return weekday.format(new Date(iso));
}

/** The short reference shoppers read out: the first block of the order id. */
export function orderReference(id: string): string {
  return (id.split('-')[0] ?? id).toUpperCase();
}

/**
 * How the owner names an order: its order number (`#100123`, what the shopper reads in mails and
 * on the order page), or the id's first block for an answer without one.
 */
export function orderLabel(order: { _id: string; orderNumber?: number }): string {
  return `#${order.orderNumber ?? orderReference(order._id)}`;
}

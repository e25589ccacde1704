import type { PaymentMethod } from '@vastra/shared/schemas/order';

/** The orders list's and the payment return's texts, in one place for the pages and their tests. */
export const ORDERS_TEXT = {
  title: 'My Orders',
  loading: 'Loading your orders',
  emptyTitle: 'No orders yet',
  emptyText: 'When you place an order, it will show up here with its status.',
  browse: 'BROWSE THE COLLECTION',
  loadFailed: 'We could not load your orders.',
  refreshFailed: 'We could not refresh your orders.',
  retry: 'TRY AGAIN',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  paymentDone: 'Done',
  paymentPending: 'Pending',
} as const;

export const VERIFY_TEXT = {
  title: 'Verifying payment',
  checking: 'Verifying your payment…',
  checkingNote: 'Please keep this page open; it takes a moment.',
  // docs/product.md §8's fallback for a failed payment check.
  failed: 'Payment verification failed',
  unreachable: 'We could not check your payment just now.',
  unreachableNote:
    'If money left your account, the order is paid and will show in My Orders; nothing is charged twice.',
  checkAgain: 'CHECK AGAIN',
} as const;

/** How each payment method reads on an order. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  razorpay: 'Razorpay — card or UPI',
};

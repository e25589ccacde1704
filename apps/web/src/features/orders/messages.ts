import type { PaymentMethod } from '@vastra/shared/schemas/order';
import { formatHoldTime } from './order-format';

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

/** An unpaid online order that can still be paid (docs/decisions/110, 111). */
export const OPEN_ORDER_TEXT = {
  held: 'its items are held for you until then.',
  heldNoTime: 'This order is waiting for its payment.',
  pay: 'Complete payment',
  opening: 'Opening payment…',
  paying: 'Complete the payment…',
  verifying: 'Verifying payment…',
  cancel: 'Cancel',
  confirmQuestion: 'Cancel this order?',
  confirmYes: 'Yes, cancel order',
  confirmNo: 'Keep order',
  cancelling: 'Cancelling…',
  payFailed: 'The payment could not be started',
  cancelFailed: 'The order could not be cancelled',
  verificationFailed: 'Payment verification failed',
  closed: (reason: string | null, until: number | null) =>
    `Payment not completed${reason ? `: ${reason.replace(/\.+$/, '')}` : ''}. ${
      until === null ? 'You can try again.' : `You can try again until ${formatHoldTime(until)}.`
    }`,
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

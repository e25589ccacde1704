/** The checkout's own texts; the coupon and order messages come from packages/shared. */
export const CHECKOUT_TEXT = {
  acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
  placeOrderFailed: 'Failed to place order',
  paymentVerificationFailed: 'Payment verification failed',
  orderCountFailed: 'Failed to get order count',
  paymentClosed: 'Payment cancelled. Your cart is kept, so you can try again.',
  paymentFailedClosed: (reason: string) =>
    `Payment not completed: ${reason}. Your cart is kept, so you can try again.`,
  emptyCart: 'Your cart is empty. Add something before checking out.',
  fixAddress: 'Please check the highlighted delivery details',
  loading: 'Loading your order…',
  emptyTitle: 'Your Cart is Empty',
  emptyText: 'Add something to your cart before checking out.',
  offersUnavailable: 'Offers could not be loaded.',
} as const;

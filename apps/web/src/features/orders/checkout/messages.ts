/** The checkout's own texts; the coupon and order messages come from packages/shared. */
export const CHECKOUT_TEXT = {
  acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
  placeOrderFailed: 'Failed to place order',
  paymentVerificationFailed: 'Payment verification failed',
  orderCountFailed: 'Failed to get order count',
  paymentClosed: 'Payment cancelled. Your cart is kept, so you can try again.',
  cartUnavailable: 'Your cart could not be loaded.',
  paymentFailedClosed: (reason: string) =>
    `Payment not completed: ${reason.replace(/\.+$/, '')}. Your cart is kept, so you can try again.`,
  fixAddress: 'Please check the highlighted delivery details',
  loading: 'Loading your order…',
  emptyTitle: 'Your Cart is Empty',
  emptyText: 'Add something to your cart before checking out.',
  couponWithdrawn: (code: string, reason: string) => `${code} was removed: ${reason}`,
  offersUnavailable: 'Offers could not be loaded.',
  backToCart: 'Update your cart',
  addressNotSaved: 'The address could not be saved for next time',
  saveAddress: 'Save this address for next time',
  checkingPin: 'Checking delivery to this PIN code…',
} as const;

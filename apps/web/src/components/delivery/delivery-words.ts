import { deliveryDayText } from '@vastra/shared/delivery/delivery-promise';

/**
 * The delivery check's words on the product page and the cart. `notServed` and `enterPin` are the
 * API's own (DELIVERY_MESSAGES.notServed, ADDRESS_MESSAGES.zipcode in the shared schemas), written
 * out here because those modules bring zod, which stays out of the shopper's chunks
 * (docs/decisions/022); delivery-words.test.ts keeps them the same.
 */
export const DELIVERY_TEXT = {
  title: 'Check delivery',
  pinLabel: 'PIN code',
  check: 'Check',
  checking: 'Checking…',
  enterPin: 'Please enter a valid 6-digit PIN code',
  notServed: 'We do not deliver to this PIN code yet',
  cashOnDelivery: 'Cash on delivery available',
  noCashOnDelivery: 'Cash on delivery is not available here',
} as const;

/** "Delivery by Thu, 27 Nov – Fri, 4 Dec", or one day when the window is a single day. */
export function deliveryWindowText(window: { from: number; to: number }): string {
  const from = deliveryDayText(window.from);
  const to = deliveryDayText(window.to);
  return from === to ? `Delivery by ${from}` : `Delivery by ${from} – ${to}`;
}

/** "to New Delhi, Delhi": where India Post puts the PIN code. */
export function placeText(check: { district: string; state: string }): string {
  return `to ${check.district}, ${check.state}`;
}

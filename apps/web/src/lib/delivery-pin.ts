/**
 * The last PIN code the shopper checked for delivery, kept in local storage so the product page,
 * the cart and checkout start from it (docs/decisions/132-delivery-check-screens.md). No imports:
 * any chunk may read it without carrying anything else.
 */
export const DELIVERY_PIN_KEY = 'vastra.deliveryPin';

/** A PIN code as India Post writes it: six digits, not starting with 0. */
const PIN_SHAPE = /^[1-9][0-9]{5}$/;

/** The remembered PIN code, or null (none yet, storage unavailable, or not a PIN code's shape). */
export function getDeliveryPin(): string | null {
  try {
    const pin = window.localStorage.getItem(DELIVERY_PIN_KEY);
    return pin !== null && PIN_SHAPE.test(pin) ? pin : null;
  } catch {
    // Storage can be unavailable (private mode, disabled cookies): nothing remembered.
    return null;
  }
}

/** Remembers `pin` when it has a PIN code's shape; anything else is not kept. */
export function setDeliveryPin(pin: string): void {
  if (!PIN_SHAPE.test(pin)) return;
  try {
    window.localStorage.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // Not remembered this time; the check itself still answered.
  }
}

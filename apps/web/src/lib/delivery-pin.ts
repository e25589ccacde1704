/**
 * The last PIN code the shopper checked (the product page's delivery check, checkout), kept in
 * this browser so the next check starts from it. Storage may be unavailable (private mode): then
 * nothing is remembered and nothing fails.
 */
export const DELIVERY_PIN_KEY = 'vastra.deliveryPin';

export function getDeliveryPin(): string | null {
  try {
    const pin = window.localStorage.getItem(DELIVERY_PIN_KEY);
    return pin !== null && /^[1-9]\d{5}$/.test(pin) ? pin : null;
  } catch {
    return null;
  }
}

export function setDeliveryPin(pin: string): void {
  try {
    window.localStorage.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // Not remembered: the shopper types it again next time.
  }
}

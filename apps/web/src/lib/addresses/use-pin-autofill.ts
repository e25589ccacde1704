import { useRef } from 'react';
import { usePinCheck, type PinCheck } from './use-pin-check';

/** The address form a PIN code's check fills: its PIN, city and state. */
export interface AutofillTarget {
  /** The PIN code to check: the form's, or a saved address's (then nothing is filled). */
  pin: string;
  fills: boolean;
  city: () => string;
  fill: (field: 'city' | 'state', value: string) => void;
}

/**
 * Checks the PIN code as it is typed and fills the state, and the city with the district when the
 * city is empty or was filled by an earlier check — never over what the shopper typed
 * (docs/decisions/133-address-book-screens.md).
 */
export function usePinAutofill(target: AutofillTarget): PinCheck {
  const cityFilled = useRef<string | null>(null);
  return usePinCheck(target.pin, (check) => {
    if (!target.fills) return;
    const city = target.city();
    if (city.trim() === '' || city === cityFilled.current) {
      cityFilled.current = check.district;
      target.fill('city', check.district);
    }
    target.fill('state', check.state);
  });
}

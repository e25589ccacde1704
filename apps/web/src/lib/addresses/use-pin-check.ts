import { useEffect } from 'react';
import { deliveryWindowText } from '@vastra/shared/delivery/delivery-promise';
import { DELIVERY_MESSAGES, type DeliveryCheck } from '@vastra/shared/schemas/delivery';
import { ApiError } from '@/lib/api-client';
import { setDeliveryPin } from '@/lib/delivery-pin';
import { useQuery } from '@/lib/query';
import { checkDelivery } from '@/lib/delivery-calls';

export type PinCheck =
  /** Not six digits yet, or not a PIN code's shape (the form's own message says so). */
  | { status: 'none' }
  | { status: 'checking' }
  /** The check could not be made (offline): nothing is refused, the server decides at the order. */
  | { status: 'failed' }
  /** India Post's directory does not know it, or the shop does not deliver there. */
  | { status: 'refused'; message: string }
  | { status: 'served'; check: DeliveryCheck };

const PIN = /^[1-9]\d{5}$/;

/**
 * The delivery check of a PIN code as it is typed (docs/decisions/128-delivery-check.md), cached
 * per code. `onChecked` hears each known code once per answer (to fill the city and the state);
 * a checked code becomes the shopper's remembered PIN (lib/delivery-pin.ts).
 */
export function usePinCheck(pin: string, onChecked?: (check: DeliveryCheck) => void): PinCheck {
  const code = pin.trim();
  const valid = PIN.test(code);
  const query = useQuery(['delivery', code], (signal) => checkDelivery(code, signal), {
    enabled: valid,
    reloadOnMount: false,
  });
  const check = valid ? query.data : undefined;
  useEffect(() => {
    if (!check) return;
    setDeliveryPin(check.pin);
    onChecked?.(check);
    // Once per answer: the callback may be a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);

  if (!valid) return { status: 'none' };
  if (check) {
    return check.serviceable
      ? { status: 'served', check }
      : { status: 'refused', message: DELIVERY_MESSAGES.notServed };
  }
  if (query.error instanceof ApiError && query.error.status === 404)
    return { status: 'refused', message: DELIVERY_MESSAGES.unknownPin };
  if (query.error !== undefined && !query.fetching) return { status: 'failed' };
  return { status: 'checking' };
}

/** "Delivery by Thu, 27 Nov – Sat, 29 Nov"; null where the shop does not deliver. */
export function deliveryByText(check: DeliveryCheck): string | null {
  return check.deliverBy ? deliveryWindowText(check.deliverBy) : null;
}

/** Why an order to this PIN code with this payment method cannot be placed; null when it can. */
export function pinRefusal(pin: PinCheck, cashOnDelivery: boolean): string | null {
  if (pin.status === 'refused') return pin.message;
  if (cashOnDelivery && pin.status === 'served' && !pin.check.cashOnDelivery)
    return DELIVERY_MESSAGES.noCashOnDelivery;
  return null;
}

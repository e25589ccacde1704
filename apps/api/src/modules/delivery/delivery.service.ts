import { deliveryPromise } from '@vastra/shared/delivery/delivery-promise';
import { zoneOfPin } from '@vastra/shared/delivery/delivery-zones';
import { DELIVERY_MESSAGES, type DeliveryCheck } from '@vastra/shared/schemas/delivery';
import type { PaymentMethod } from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lookUpPin } from '../../lib/pin-directory';
import { readDeliverySettings } from './delivery.repository';

/**
 * Whether, by when and how the shop delivers to a PIN code (docs/decisions/128-delivery-check.md):
 * India Post's directory says where the code is (an unknown code is refused), the narrowest of the
 * admin's ranges says whether it is served, with cash on delivery or not, and how many days more;
 * the promise counts business days past Sundays and the shop's holidays.
 */
export async function checkDelivery(db: Database, pin: string, now: Date): Promise<DeliveryCheck> {
  const place = lookUpPin(pin);
  if (!place) throw new AppError('not_found', DELIVERY_MESSAGES.unknownPin);
  const { zones, holidays } = await readDeliverySettings(db);
  const zone = zoneOfPin(place.pin, zones);
  const serviceable = zone?.serviceable ?? false;
  return {
    pin: place.pin,
    district: place.district,
    state: place.state.name,
    serviceable,
    cashOnDelivery: serviceable && (zone?.cashOnDelivery ?? false),
    deliverBy: serviceable
      ? deliveryPromise(now.getTime(), zone?.extraDays ?? 0, new Set(holidays.map((h) => h.day)))
      : null,
  };
}

/**
 * The check checkout makes before an order is written: a PIN code India Post does not know, one
 * the shop does not serve, or cash on delivery where it is not offered is a 400 that writes nothing.
 */
export async function assertDeliverable(
  db: Database,
  pin: string,
  method: PaymentMethod,
  now: Date,
): Promise<DeliveryCheck> {
  let check: DeliveryCheck;
  try {
    check = await checkDelivery(db, pin, now);
  } catch {
    throw new AppError('invalid_data', DELIVERY_MESSAGES.unknownPin);
  }
  if (!check.serviceable) throw new AppError('invalid_data', DELIVERY_MESSAGES.notServed);
  if (method === 'cod' && !check.cashOnDelivery)
    throw new AppError('invalid_data', DELIVERY_MESSAGES.noCashOnDelivery);
  return check;
}

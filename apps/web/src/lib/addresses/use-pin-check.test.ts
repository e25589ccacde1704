import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type DeliveryCheck } from '@vastra/shared/schemas/delivery';
import { deliveryByText, pinRefusal } from './use-pin-check';

const portBlair: DeliveryCheck = {
  pin: '744101',
  district: 'South Andamans',
  state: 'Andaman and Nicobar Islands',
  serviceable: true,
  cashOnDelivery: false,
  // Fri 27 Nov 2026 and Wed 2 Dec 2026, noon in India.
  deliverBy: { from: Date.UTC(2026, 10, 27, 6, 30), to: Date.UTC(2026, 11, 2, 6, 30) },
};

describe('the PIN code check at checkout', () => {
  it('names the delivery window in India’s calendar, one day when both ends agree', () => {
    expect(deliveryByText(portBlair)).toBe('Delivery by Fri, 27 Nov – Wed, 2 Dec');
    const oneDay = {
      ...portBlair,
      deliverBy: { from: portBlair.deliverBy!.from, to: portBlair.deliverBy!.from },
    };
    expect(deliveryByText(oneDay)).toBe('Delivery by Fri, 27 Nov');
    expect(deliveryByText({ ...portBlair, serviceable: false, deliverBy: null })).toBeNull();
  });

  it('refuses cash on delivery only where the zone does not offer it, and any order where the shop does not deliver', () => {
    const served = { status: 'served', check: portBlair } as const;
    expect(pinRefusal(served, true)).toBe(DELIVERY_MESSAGES.noCashOnDelivery);
    expect(pinRefusal(served, false)).toBeNull();
    expect(
      pinRefusal({ status: 'served', check: { ...portBlair, cashOnDelivery: true } }, true),
    ).toBeNull();
    const unserved = { status: 'refused', message: DELIVERY_MESSAGES.notServed } as const;
    expect(pinRefusal(unserved, false)).toBe(DELIVERY_MESSAGES.notServed);
    // A check that could not be made refuses nothing: the server decides.
    expect(pinRefusal({ status: 'failed' }, true)).toBeNull();
    expect(pinRefusal({ status: 'checking' }, true)).toBeNull();
  });
});

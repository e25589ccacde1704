import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@vastra/shared/schemas/delivery';
import { ADDRESS_MESSAGES } from '@vastra/shared/schemas/order';
import { DELIVERY_TEXT, deliveryWindowText, placeText } from './delivery-words';

describe('the delivery check’s words', () => {
  it('are the API’s own where the API has them', () => {
    expect(DELIVERY_TEXT.notServed).toBe(DELIVERY_MESSAGES.notServed);
    expect(DELIVERY_TEXT.enterPin).toBe(ADDRESS_MESSAGES.zipcode);
  });

  it('name the window from–to in India’s calendar, one day when both ends are the same day', () => {
    const thursday = Date.UTC(2026, 10, 26, 6, 0);
    const friday = Date.UTC(2026, 11, 4, 6, 0);
    expect(deliveryWindowText({ from: thursday, to: friday })).toBe(
      'Delivery by Thu, 26 Nov – Fri, 4 Dec',
    );
    // 09:00 and 23:00 IST on the same Indian day.
    expect(
      deliveryWindowText({
        from: Date.UTC(2026, 10, 26, 3, 30),
        to: Date.UTC(2026, 10, 26, 17, 30),
      }),
    ).toBe('Delivery by Thu, 26 Nov');
    expect(placeText({ district: 'New Delhi', state: 'Delhi' })).toBe('to New Delhi, Delhi');
  });
});

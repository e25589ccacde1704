import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryDayText, deliveryPromise, indianDay } from './delivery-promise';
import { DEFAULT_DELIVERY_ZONES, zoneOfPin, type DeliveryZone } from './delivery-zones';

const TUESDAY_10AM_IST = Date.UTC(2026, 10, 24, 4, 30);
const none = new Set<string>();

describe('business days in India', () => {
  it.each([
    // from, days, holidays, day reached
    [TUESDAY_10AM_IST, 1, [], '2026-11-25'],
    [TUESDAY_10AM_IST, 5, [], '2026-11-30'], // Sunday the 29th skipped
    [TUESDAY_10AM_IST, 2, ['2026-11-26'], '2026-11-27'], // a holiday skipped like a Sunday
    // 23:00 IST on Saturday is still Saturday in India (17:30 UTC), so one day is Monday.
    [Date.UTC(2026, 10, 28, 17, 30), 1, [], '2026-11-30'],
    [TUESDAY_10AM_IST, 0, [], '2026-11-24'],
  ])('from %s plus %i days past %j is %s', (from, days, holidays, expected) => {
    expect(indianDay(addWorkingDays(from, days, new Set(holidays)))).toBe(expected);
  });

  it('promises processing plus delivery days, plus the zone’s extra days', () => {
    const plain = deliveryPromise(TUESDAY_10AM_IST, 0, none);
    const remote = deliveryPromise(TUESDAY_10AM_IST, 2, none);
    expect([indianDay(plain.from), indianDay(plain.to)]).toEqual(['2026-11-28', '2026-12-04']);
    expect([indianDay(remote.from), indianDay(remote.to)]).toEqual(['2026-12-01', '2026-12-07']);
  });
});

describe('the zone of a PIN code', () => {
  const zone = (over: Partial<DeliveryZone>): DeliveryZone => ({
    pinFrom: '110000',
    pinTo: '999999',
    label: 'All India',
    serviceable: true,
    cashOnDelivery: true,
    extraDays: 0,
    ...over,
  });

  it.each([
    ['110001', 'All India'],
    ['781001', 'North-East'],
    ['194101', 'Ladakh'], // inside Jammu & Kashmir and Ladakh: the narrower range decides
    ['190001', 'Jammu & Kashmir and Ladakh'],
    ['682555', 'Lakshadweep'],
    ['744101', 'Andaman & Nicobar Islands'],
  ])('%s is in %s', (pin, label) => {
    expect(zoneOfPin(pin, DEFAULT_DELIVERY_ZONES)?.label).toBe(label);
  });

  it('answers none outside every range, and the more cautious of two equal ranges in any order', () => {
    expect(zoneOfPin('110001', [zone({ pinFrom: '500000' })])).toBeUndefined();
    const open = zone({ label: 'open' });
    const paused = zone({ label: 'paused', serviceable: false });
    expect(zoneOfPin('110001', [open, paused])?.label).toBe('paused');
    expect(zoneOfPin('110001', [paused, open])?.label).toBe('paused');
  });
});

describe('the delivery day as the pages write it', () => {
  it.each([
    [Date.UTC(2026, 10, 27, 6, 0), 'Fri, 27 Nov'],
    // 23:00 IST on 30 November is still the 30th in India (17:30 UTC).
    [Date.UTC(2026, 10, 30, 17, 30), 'Mon, 30 Nov'],
    [Date.UTC(2026, 10, 30, 18, 30), 'Tue, 1 Dec'],
  ])('%s is %s', (at, text) => {
    expect(deliveryDayText(at)).toBe(text);
  });
});

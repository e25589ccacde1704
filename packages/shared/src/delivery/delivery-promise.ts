import { DELIVERY_DAYS, PROCESSING_DAYS } from '../constants';
import { dayInIndia, IST_OFFSET_MS } from '../dates/india-calendar';

/**
 * "Delivery by Thu, 27 Nov" (docs/decisions/128-delivery-check.md): the shop's processing days
 * plus the days on the road, plus the extra days of the PIN code's zone, counted in business days
 * in India's calendar — every day but Sundays and the shop's holidays. Zod-free: the product page,
 * the cart and checkout show the same figure the server computes.
 */

const DAY_MS = 24 * 60 * 60_000;

/** `YYYY-MM-DD` of an instant in India. */
export function indianDay(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether `at` is a day the shop and its couriers work: not a Sunday, not a holiday (India's calendar). */
export function isBusinessDay(at: number, holidays: ReadonlySet<string>): boolean {
  const day = new Date(at + IST_OFFSET_MS);
  return day.getUTCDay() !== 0 && !holidays.has(indianDay(at));
}

/** `at` moved forward by `days` business days, the time of day kept. */
export function addWorkingDays(at: number, days: number, holidays: ReadonlySet<string>): number {
  let result = at;
  let left = days;
  while (left > 0) {
    result += DAY_MS;
    if (isBusinessDay(result, holidays)) left -= 1;
  }
  return result;
}

/** The earliest and latest delivery of an order placed at `at` to a zone `extraDays` further away. */
export function deliveryPromise(
  at: number,
  extraDays: number,
  holidays: ReadonlySet<string>,
): { from: number; to: number } {
  return {
    from: addWorkingDays(at, PROCESSING_DAYS.min + DELIVERY_DAYS.min + extraDays, holidays),
    to: addWorkingDays(at, PROCESSING_DAYS.max + DELIVERY_DAYS.max + extraDays, holidays),
  };
}

/** "Thu, 27 Nov" in India's calendar: how the shop names a delivery day on every page. */
export function deliveryDayText(at: number): string {
  const { weekday, day, month } = dayInIndia(at);
  return `${weekday}, ${day} ${month}`;
}

/** "Delivery by Thu, 27 Nov – Fri, 4 Dec", or one day when both ends fall on the same day. */
export function deliveryWindowText(window: { from: number; to: number }): string {
  const from = deliveryDayText(window.from);
  const to = deliveryDayText(window.to);
  return from === to ? `Delivery by ${from}` : `Delivery by ${from} – ${to}`;
}

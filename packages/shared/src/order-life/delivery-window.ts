import { DELIVERY_DAYS, PROCESSING_DAYS } from '../constants';

/**
 * The delivery window promised when an order is placed (docs/decisions/118-order-life.md):
 * PROCESSING_DAYS to pack it plus DELIVERY_DAYS on the road, counted in business days — every
 * day but Sunday, in India's calendar (IST, UTC+5:30, no daylight saving). Zod-free: the order
 * page's confirmation panel uses it too.
 */

const DAY_MS = 24 * 60 * 60_000;
/** India Standard Time is UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/** Whether the instant falls on a Sunday in India. */
function isIndianSunday(at: number): boolean {
  return new Date(at + IST_OFFSET_MS).getUTCDay() === 0;
}

/** `at` moved forward by `days` business days (Sundays are skipped, the time of day kept). */
export function addBusinessDays(at: number, days: number): number {
  let result = at;
  let left = days;
  while (left > 0) {
    result += DAY_MS;
    if (!isIndianSunday(result)) left -= 1;
  }
  return result;
}

/** The earliest and latest expected delivery of an order placed at `placedAt` (ms since the epoch). */
export function expectedDeliveryWindow(placedAt: number): { from: number; to: number } {
  return {
    from: addBusinessDays(placedAt, PROCESSING_DAYS.min + DELIVERY_DAYS.min),
    to: addBusinessDays(placedAt, PROCESSING_DAYS.max + DELIVERY_DAYS.max),
  };
}

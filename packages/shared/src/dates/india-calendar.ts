/**
 * A moment as a day in India's calendar, in the words the storefront shows ("Thu", "27", "Nov",
 * "2026"), worked out without Intl.DateTimeFormat: a page's first Intl formatter loads ICU's data,
 * 25–80 ms of the main thread on a desktop core and four times that on the phones the shop is
 * measured for, and the product page would pay it for a review's date or a delivery day
 * (docs/decisions/162-prices-and-days-without-icu.md). `india-calendar.test.ts` checks every day
 * of several years against Intl's `en-IN` words in Asia/Kolkata.
 */

/** India Standard Time is UTC+5:30 all year: India has kept no daylight saving since 1945. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** en-IN's short month names: "Sept", not "Sep". */
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

export interface IndiaDay {
  weekday: (typeof WEEKDAYS)[number];
  day: number;
  month: (typeof MONTHS)[number];
  year: number;
}

/** The day in India at `at` (milliseconds since the epoch). */
export function dayInIndia(at: number | Date): IndiaDay {
  const shifted = new Date(Number(at) + IST_OFFSET_MS);
  return {
    weekday: WEEKDAYS[shifted.getUTCDay()]!,
    day: shifted.getUTCDate(),
    month: MONTHS[shifted.getUTCMonth()]!,
    year: shifted.getUTCFullYear(),
  };
}

/** "27 Nov 2026": a date as the shop prints it beside a review. */
export function indiaDateText(at: number | Date): string {
  const { day, month, year } = dayInIndia(at);
  return `${day} ${month} ${year}`;
}

/**
 * The months of the GST report (docs/decisions/125-gst-report.md): `2026-11`, in India's calendar.
 * A month runs from the 1st 00:00 in India to the next 1st 00:00; India keeps UTC+05:30 all year,
 * so a fixed offset is exact. Zod-free, so the admin screen and the API share it.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `YYYY-MM`, month 01–12; the year from 1000 (Date.UTC would read 0–99 as 1900–1999). */
export const REPORT_MONTH_PATTERN = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

export const REPORT_MONTH_MESSAGE = 'Please give the month as YYYY-MM, for example 2026-11';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Year and month (1–12) of `2026-11`; undefined when it is not a month. */
export function parseReportMonth(month: string): { year: number; month: number } | undefined {
  const match = REPORT_MONTH_PATTERN.exec(month);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]) };
}

function format(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The instants the month begins and ends (exclusive) in India. */
export function reportMonthBounds(month: string): { from: Date; to: Date } {
  const parsed = parseReportMonth(month);
  if (!parsed) throw new Error(`Not a month: ${month}`);
  // Date.UTC rolls month 13 over into January of the next year.
  return {
    from: new Date(Date.UTC(parsed.year, parsed.month - 1, 1) - INDIA_OFFSET_MS),
    to: new Date(Date.UTC(parsed.year, parsed.month, 1) - INDIA_OFFSET_MS),
  };
}

/** The month it is in India at the instant `now`. */
export function indiaMonthOf(now: Date): string {
  const wall = new Date(now.getTime() + INDIA_OFFSET_MS);
  return format(wall.getUTCFullYear(), wall.getUTCMonth() + 1);
}

/** The month `by` months after (or, negative, before) `month`. */
export function shiftReportMonth(month: string, by: number): string {
  const parsed = parseReportMonth(month);
  if (!parsed) throw new Error(`Not a month: ${month}`);
  const index = parsed.year * 12 + (parsed.month - 1) + by;
  return format(Math.floor(index / 12), (index % 12) + 1);
}

/** `November 2026`. */
export function reportMonthLabel(month: string): string {
  const parsed = parseReportMonth(month);
  if (!parsed) throw new Error(`Not a month: ${month}`);
  return `${MONTH_NAMES[parsed.month - 1]} ${parsed.year}`;
}

/** The CSV download's file name: `vastra-gst-2026-11.csv`. */
export function taxReportFileName(month: string): string {
  return `vastra-gst-${month}.csv`;
}

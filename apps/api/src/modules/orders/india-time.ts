import { IST_OFFSET_MS } from '@vastra/shared/dates/india-calendar';

/**
 * The shop's days and weeks are India's (Asia/Kolkata). India has kept UTC+05:30 without daylight
 * saving since 1945, so a fixed offset is exact and needs no time-zone database.
 */
const DAY_MS = 86_400_000;

/** The instants today and this week (from Monday) began in India, for the instant `now`. */
export function indiaPeriodStarts(now: Date): { today: Date; week: Date } {
  // Shifted so that the UTC fields read India's wall clock.
  const wall = new Date(now.getTime() + IST_OFFSET_MS);
  const midnight =
    Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - IST_OFFSET_MS;
  const daysSinceMonday = (wall.getUTCDay() + 6) % 7;
  return { today: new Date(midnight), week: new Date(midnight - daysSinceMonday * DAY_MS) };
}

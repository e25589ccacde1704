import { describe, expect, it } from 'vitest';
import { indiaDateText, dayInIndia } from './india-calendar';

const intl = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const intlDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

describe('dayInIndia: the day in India, without Intl', () => {
  it('names every day of 2024–2027 as Intl does in Asia/Kolkata, on both sides of midnight there', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let at = start; at < Date.UTC(2028, 0, 1); at += 86_400_000) {
      // 18:29:59 and 18:30:00 UTC: the last moment of a day in India and the first of the next.
      for (const moment of [at + 18.5 * 3_600_000 - 1000, at + 18.5 * 3_600_000]) {
        const parts = Object.fromEntries(
          intl.formatToParts(moment).map((part) => [part.type, part.value]),
        );
        expect(dayInIndia(moment)).toEqual({
          weekday: parts.weekday,
          day: Number(parts.day),
          month: parts.month,
          year: Number(parts.year),
        });
        expect(indiaDateText(moment)).toBe(intlDate.format(moment));
      }
    }
  });

  it('takes a Date as well as milliseconds', () => {
    expect(indiaDateText(new Date('2026-09-10T20:00:00Z'))).toBe('11 Sept 2026');
  });
});

import { describe, expect, it } from 'vitest';
import {
  indiaMonthOf,
  parseReportMonth,
  reportMonthBounds,
  reportMonthLabel,
  shiftReportMonth,
} from './report-month';

describe('report months in India’s calendar', () => {
  it.each([
    ['2026-11', '2026-10-31T18:30:00.000Z', '2026-11-30T18:30:00.000Z'],
    ['2026-12', '2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z'],
    ['2027-02', '2027-01-31T18:30:00.000Z', '2027-02-28T18:30:00.000Z'],
    ['2028-02', '2028-01-31T18:30:00.000Z', '2028-02-29T18:30:00.000Z'],
  ])('%s runs from %s to %s', (month, from, to) => {
    const bounds = reportMonthBounds(month);
    expect(bounds.from.toISOString()).toBe(from);
    expect(bounds.to.toISOString()).toBe(to);
  });

  it.each([
    // 30 November 23:59:59 in India.
    ['2026-11-30T18:29:59Z', '2026-11'],
    // 1 December 00:00 in India, still 30 November in UTC.
    ['2026-11-30T18:30:00Z', '2026-12'],
    ['2026-12-31T18:30:00Z', '2027-01'],
  ])('at %s it is %s in India', (now, month) => {
    expect(indiaMonthOf(new Date(now))).toBe(month);
  });

  it('reads only YYYY-MM with a month 01–12 and a year from 1000', () => {
    expect(parseReportMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    for (const bad of [
      '2026-13',
      '2026-00',
      '2026-1',
      'abc',
      '',
      ' 2026-11',
      '0026-11',
      '2026-11-01',
    ])
      expect(parseReportMonth(bad), bad).toBeUndefined();
  });

  it('steps across year ends and names the month', () => {
    expect(shiftReportMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftReportMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftReportMonth('2026-11', -13)).toBe('2025-10');
    expect(reportMonthLabel('2026-11')).toBe('November 2026');
  });
});

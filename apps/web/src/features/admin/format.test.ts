import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, orderReference } from './format';

describe('admin dates are India’s', () => {
  it('shows 20:00 UTC as the next morning in Kolkata', () => {
    const ms = Date.UTC(2026, 10, 22, 20, 0); // 23 Nov 2026, 1:30 am IST
    expect(formatDate(ms)).toBe('23 Nov 2026');
    expect(formatDateTime(ms)).toMatch(/^23 Nov 2026, 1:30\s?am$/i);
  });

  it('reads an order id as its first block', () => {
    expect(orderReference('3f2a9c1d-aaaa-bbbb')).toBe('3F2A9C1D');
  });
});

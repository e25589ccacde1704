import { describe, expect, it } from 'vitest';
import { formatPaise, formatPrice, mrpDiscountPercent } from './money';

describe('formatPrice', () => {
  it.each([
    [0, '₹0'],
    [499, '₹499'],
    [1299, '₹1,299'],
    [12999, '₹12,999'],
    [129999, '₹1,29,999'],
    [10000000, '₹1,00,00,000'],
  ])('formats %i as %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });
});

describe('mrpDiscountPercent', () => {
  it.each([
    // price, mrp, round((mrp − price) / mrp × 100), worked out by hand
    [499, 768, 35],
    [1299, 1998, 35],
    [1499, 2306, 35],
    [1, 2, 50],
    [750, 1000, 25],
    [999, 1000, 0], // 0.1 % rounds to 0: nothing to show beside the MRP
    [995, 1000, 1], // 0.5 % rounds up
  ])('price %i, MRP %i → %i%% off', (price, mrp, percent) => {
    expect(mrpDiscountPercent(price, mrp)).toBe(percent);
  });

  it('gives no discount without an MRP, or with an MRP not above the price', () => {
    expect(mrpDiscountPercent(1299, null)).toBe(0);
    expect(mrpDiscountPercent(1299, 1299)).toBe(0);
    // The database refuses an MRP below the price; the display does not trust it either.
    expect(mrpDiscountPercent(1299, 999)).toBe(0);
  });
});

describe('formatPaise', () => {
  it.each([
    [0, '₹0'],
    [49_900, '₹499'],
    [1_23_450, '₹1,234.50'],
    [1, '₹0.01'],
    [12_99_99_905, '₹12,99,999.05'],
  ])('formats %i paise as %s', (paise, expected) => {
    expect(formatPaise(paise)).toBe(expected);
  });
});

describe('Indian grouping, written out: the same text as Intl.NumberFormat("en-IN")', () => {
  // Every length of number, negatives, and halves (Intl rounds them away from zero).
  const amounts = [
    ...Array.from({ length: 13 }, (_, digits) => [10 ** digits, 10 ** digits - 1]).flat(),
    123_456_789,
    -1299,
    -129_999,
    1234.5,
    -1234.5,
    0.4,
    999.5,
  ];
  const intlRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  const intlPaise = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  it.each(amounts)('formatPrice(%d)', (amount) => {
    expect(formatPrice(amount)).toBe(`₹${intlRupees.format(amount)}`);
  });

  it.each(amounts.filter(Number.isInteger).flatMap((a) => [a, a + 5, a - 45]))(
    'formatPaise(%d)',
    (paise) => {
      const expected =
        paise % 100 === 0 ? intlRupees.format(paise / 100) : intlPaise.format(paise / 100);
      expect(formatPaise(paise)).toBe(`₹${expected}`);
    },
  );
});

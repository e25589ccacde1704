import { describe, expect, it } from 'vitest';
import { discountPercent, formatPaise, formatPrice, originalPrice } from './money';

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

describe('originalPrice and discountPercent', () => {
  it.each([
    // price, round(price / 0.65), round((orig - price) / orig * 100)
    [499, 768, 35],
    [1299, 1998, 35],
    [100, 154, 35],
    [1, 2, 50],
    [2499, 3845, 35],
  ])('price %i → original %i, %i%% off', (price, original, percent) => {
    expect(originalPrice(price)).toBe(original);
    expect(discountPercent(price)).toBe(percent);
  });

  it('gives no discount for a free item', () => {
    expect(discountPercent(0)).toBe(0);
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

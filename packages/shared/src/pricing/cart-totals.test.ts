import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '../constants';
import {
  cartTotals,
  type CartTotals,
  type CartTotalsOptions,
  type PricedLine,
} from './cart-totals';

const line = (unitPrice: number, quantity: number): PricedLine => ({ unitPrice, quantity });

describe('cartTotals', () => {
  it.each<[string, PricedLine[], CartTotalsOptions | undefined, CartTotals]>([
    [
      'an empty cart is 0 everywhere',
      [],
      undefined,
      { subtotal: 0, deliveryFee: 0, total: 0, itemCount: 0 },
    ],
    [
      'lines all at 0 are an empty cart',
      [line(999, 0), line(499, 0)],
      undefined,
      { subtotal: 0, deliveryFee: 0, total: 0, itemCount: 0 },
    ],
    [
      'one unit',
      [line(999, 1)],
      undefined,
      { subtotal: 999, deliveryFee: 49, total: 1048, itemCount: 1 },
    ],
    [
      'price × quantity',
      [line(799, 3)],
      undefined,
      { subtotal: 2397, deliveryFee: 49, total: 2446, itemCount: 3 },
    ],
    [
      'several lines (two sizes of one product count separately)',
      [line(1299, 2), line(1299, 1), line(499, 4)],
      undefined,
      { subtotal: 5893, deliveryFee: 49, total: 5942, itemCount: 7 },
    ],
    [
      'a line at 0 or below counts for nothing',
      [line(1000, 2), line(500, 0), line(700, -3)],
      undefined,
      { subtotal: 2000, deliveryFee: 49, total: 2049, itemCount: 2 },
    ],
    [
      'the line limit at its largest: 20 lines of 10 at the highest price',
      Array.from({ length: 20 }, () => line(1_00_000, 10)),
      undefined,
      { subtotal: 2_00_00_000, deliveryFee: 49, total: 2_00_00_049, itemCount: 200 },
    ],
    [
      'a configured fee',
      [line(999, 1)],
      { deliveryFee: 79 },
      { subtotal: 999, deliveryFee: 79, total: 1078, itemCount: 1 },
    ],
    [
      'a fee of 0',
      [line(999, 2)],
      { deliveryFee: 0 },
      { subtotal: 1998, deliveryFee: 0, total: 1998, itemCount: 2 },
    ],
    [
      'an empty cart stays 0 whatever the fee',
      [],
      { deliveryFee: 79 },
      { subtotal: 0, deliveryFee: 0, total: 0, itemCount: 0 },
    ],
    [
      'a free product still ships',
      [line(0, 1)],
      undefined,
      { subtotal: 0, deliveryFee: 49, total: 49, itemCount: 1 },
    ],
  ])('%s', (_, lines, options, expected) => {
    expect(cartTotals(lines, options)).toEqual(expected);
  });

  it('charges the shared DELIVERY_FEE by default', () => {
    expect(cartTotals([line(100, 1)]).deliveryFee).toBe(DELIVERY_FEE);
  });

  it.each<[string, PricedLine[], CartTotalsOptions | undefined]>([
    ['a fractional price', [line(99.5, 1)], undefined],
    ['a negative price', [line(-1, 1)], undefined],
    ['a fractional quantity', [line(100, 1.5)], undefined],
    ['a fractional fee', [line(100, 1)], { deliveryFee: 49.5 }],
    ['a negative fee', [line(100, 1)], { deliveryFee: -49 }],
  ])('refuses %s (money is whole rupees)', (_, lines, options) => {
    expect(() => cartTotals(lines, options)).toThrow(RangeError);
  });
});

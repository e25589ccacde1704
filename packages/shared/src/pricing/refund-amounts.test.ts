import { describe, expect, it } from 'vitest';
import { lineRefundPaise, paidShares } from './refund-amounts';

describe('paidShares', () => {
  it('without a discount, each part costs its price', () => {
    expect(
      paidShares({
        lines: [
          { price: 999, quantity: 2 },
          { price: 1499, quantity: 1 },
        ],
        deliveryFee: 49,
        discount: 0,
      }),
    ).toEqual({ lines: [199_800, 149_900], delivery: 4_900, total: 354_600 });
  });

  it('shares a percent discount over the lines and the delivery fee, adding up to the paisa', () => {
    // VASTRA10 on ₹999 × 2 + ₹1,499 + ₹49 delivery: floor(10 % of ₹3,546) = ₹354 off.
    const shares = paidShares({
      lines: [
        { price: 999, quantity: 2 },
        { price: 1499, quantity: 1 },
      ],
      deliveryFee: 49,
      discount: 354,
    });
    expect(shares.total).toBe(319_200);
    expect(shares.lines[0]! + shares.lines[1]! + shares.delivery).toBe(319_200);
    // Each part's share is its proportion of ₹354 (35,400 paise): 19,945.69, 14,964.24 and
    // 489.07 floored leave 2 paise, which go to the two largest remainders.
    expect(shares.lines).toEqual([199_800 - 19_946, 149_900 - 14_965]);
    expect(shares.delivery).toBe(4_900 - 489);
  });

  it('gives the leftover paise to the largest remainders, the same every time', () => {
    const order = {
      lines: [
        { price: 1, quantity: 1 },
        { price: 1, quantity: 1 },
        { price: 1, quantity: 1 },
      ],
      deliveryFee: 0,
      discount: 1,
    };
    // 100 paise over three equal parts: 34 + 33 + 33 off; the first part takes the extra paisa.
    expect(paidShares(order).lines).toEqual([66, 67, 67]);
    expect(paidShares(order)).toEqual(paidShares(order));
  });

  it('a free-delivery order (no discount, no fee) is its lines', () => {
    expect(
      paidShares({ lines: [{ price: 2100, quantity: 1 }], deliveryFee: 0, discount: 0 }),
    ).toEqual({ lines: [210_000], delivery: 0, total: 210_000 });
  });
});

describe('lineRefundPaise', () => {
  it('returns the whole line for all its units', () => {
    expect(lineRefundPaise(179_854, 2, 0, 2)).toBe(179_854);
  });

  it('splits a line returned in parts so the parts add up to the line exactly', () => {
    const line = 100_000;
    const first = lineRefundPaise(line, 3, 0, 1);
    const second = lineRefundPaise(line, 3, 1, 1);
    const third = lineRefundPaise(line, 3, 2, 1);
    expect([first, second, third]).toEqual([33_333, 33_333, 33_334]);
    expect(first + second + third).toBe(line);
  });

  it('never refunds more units than the line had, nor nothing for nothing', () => {
    expect(lineRefundPaise(100_000, 2, 2, 1)).toBe(0);
    expect(lineRefundPaise(100_000, 2, 1, 5)).toBe(50_000);
    expect(lineRefundPaise(100_000, 2, 0, 0)).toBe(0);
  });
});

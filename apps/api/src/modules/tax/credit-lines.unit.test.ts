import { describe, expect, it } from 'vitest';
import {
  creditWhatIsLeft,
  largestRemainder,
  leftOfInvoice,
  type DocumentLine,
} from './credit-lines';

/* What a credit note credits (docs/decisions/124-tax-invoices-api.md). */

const invoice: DocumentLine[] = [
  {
    description: 'Shirt — Size M',
    hsn: '620520',
    quantity: 2,
    ratePercent: 5,
    totalPaise: 200_000,
  },
  { description: 'Tee — Size L', hsn: '610910', quantity: 1, ratePercent: 18, totalPaise: 299_900 },
  {
    description: 'Delivery charges',
    hsn: '996812',
    quantity: 1,
    ratePercent: 18,
    totalPaise: 4_900,
  },
];
const total = (lines: { totalPaise: number }[]) => lines.reduce((a, l) => a + l.totalPaise, 0);

describe('credit notes of refunds that are not returns', () => {
  it('credit the whole invoice, line by line, when nothing was credited before', () => {
    const lines = creditWhatIsLeft(leftOfInvoice(invoice, []), 504_800, true);
    expect(lines.map((l) => [l.hsn, l.quantity, l.ratePercent, l.totalPaise])).toEqual([
      ['620520', 2, 5, 200_000],
      ['610910', 1, 18, 299_900],
      ['996812', 1, 18, 4_900],
    ]);
  });

  it('credit what is left after a returned unit, the delivery included', () => {
    const returned = [{ ...invoice[0]!, quantity: 1, totalPaise: 100_000 }];
    const left = leftOfInvoice(invoice, returned);
    expect(left.map((l) => [l.quantity, l.paise])).toEqual([
      [1, 100_000],
      [1, 299_900],
      [1, 4_900],
    ]);
    const lines = creditWhatIsLeft(left, 404_800, false);
    expect(total(lines)).toBe(404_800);
    for (const l of lines) expect(l.taxablePaise + l.igstPaise).toBe(l.totalPaise);
  });

  it('share a smaller refund in proportion, to the paisa, as a credit of value', () => {
    const lines = creditWhatIsLeft(leftOfInvoice(invoice, []), 10_001, true);
    expect(total(lines)).toBe(10_001);
    expect(lines.every((l) => l.quantity === 0)).toBe(true);
    expect(lines.map((l) => l.ratePercent)).toEqual([5, 18, 18]);
  });

  it('largestRemainder shares add up exactly', () => {
    expect(largestRemainder([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(largestRemainder([0, 0], 5)).toEqual([0, 0]);
    expect(largestRemainder([3, 7], 10)).toEqual([3, 7]);
  });
});

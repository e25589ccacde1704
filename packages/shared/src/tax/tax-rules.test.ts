import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';
import {
  DOCUMENT_NUMBER_MAX_LENGTH,
  documentFileName,
  documentNumber,
  financialYear,
} from './document-number';
import { DELIVERY_SAC, apparelRate } from './gst-rates';
import { gstinCheckCharacter, gstinProblem } from './gstin';
import { invoiceTaxLines, splitTax, taxTotals, type InvoicedGoods } from './tax-lines';

/* The GST rules of docs/decisions/123-gst-invoices.md, table by table. */

const NOW = new Date('2026-11-24T06:30:00Z');
const shirt = (price: number, quantity = 1): InvoicedGoods => ({
  description: 'Shirt — Size M',
  hsn: '620520',
  quantity,
  price,
});

describe('apparelRate: the rate of a piece by what was paid for it', () => {
  it.each([
    // [paid per piece in paise, quantity, date, rate]
    [249_900, 1, NOW, 5], // a ₹2,499 shirt
    [299_900, 1, NOW, 18], // a ₹2,999 shirt
    [262_500, 1, NOW, 5], // ₹2,625 = ₹2,500 × 1.05: the boundary is still the lower rate
    [262_501, 1, NOW, 18], // a paisa above it
    [247_500, 1, NOW, 5], // ₹2,750 with a 10 % coupon
    [2 * 249_900, 2, NOW, 5], // two ₹2,499 pieces on one line: per piece
    [105_000, 1, new Date('2025-09-21T18:29:59Z'), 5], // before 22 Sep 2025 (IST): ₹1,000 × 1.05
    [105_001, 1, new Date('2025-09-21T18:29:59Z'), 12],
    [105_001, 1, new Date('2025-09-21T18:30:00Z'), 5], // 22 Sep 2025 00:00 IST: the new slab
  ])('%i paise for %i piece(s) on %s → %i %%', (paid, quantity, at, rate) => {
    expect(apparelRate(paid, quantity, at)).toBe(rate);
  });
});

describe('splitTax: GST out of a GST-inclusive amount, rounded once', () => {
  it.each([
    // [total, rate, intra, taxable, cgst, sgst, igst]
    [249_900, 5, true, 238_000, 5_950, 5_950, 0],
    [249_900, 5, false, 238_000, 0, 0, 11_900],
    [299_900, 18, true, 254_152, 22_874, 22_874, 0],
    [299_900, 18, false, 254_153, 0, 0, 45_747],
    [4_900, 18, true, 4_152, 374, 374, 0],
    [0, 18, true, 0, 0, 0, 0],
    [1, 5, false, 1, 0, 0, 0],
  ])('%i at %i %% (intra %s)', (total, rate, intra, taxable, cgst, sgst, igst) => {
    const split = splitTax(total, rate, intra);
    expect(split).toEqual({
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      totalPaise: total,
    });
    expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
  });
});

describe('invoiceTaxLines', () => {
  it('taxes a ₹2,499 and a ₹2,999 shirt at 5 % and 18 %, the delivery at the highest rate', () => {
    const lines = invoiceTaxLines({
      goods: [shirt(2499), shirt(2999)],
      deliveryFee: 49,
      discount: 0,
      intraState: true,
      at: NOW,
    });
    expect(lines.map((l) => [l.hsn, l.ratePercent, l.totalPaise])).toEqual([
      ['620520', 5, 249_900],
      ['620520', 18, 299_900],
      [DELIVERY_SAC, 18, 4_900],
    ]);
    for (const l of lines) expect(l.cgstPaise).toBe(l.sgstPaise);
    expect(taxTotals(lines).totalPaise).toBe((2499 + 2999 + 49) * 100);
  });

  it('a 10 % coupon takes a ₹2,750 shirt below the threshold: 5 %', () => {
    const lines = invoiceTaxLines({
      goods: [shirt(2750)],
      deliveryFee: 0,
      discount: 275,
      intraState: false,
      at: NOW,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ ratePercent: 5, totalPaise: 247_500, cgstPaise: 0 });
    expect(lines[0]!.igstPaise).toBe(11_786);
  });

  it.each([
    // goods, delivery, discount, intra, date
    [[shirt(2499), shirt(2999, 3), shirt(799, 2)], 49, 0, true, NOW],
    [[shirt(1333, 3), shirt(2999)], 49, 1117, false, NOW],
    [[shirt(999), shirt(1001)], 0, 1, true, NOW],
    [[shirt(1100)], 49, 115, true, new Date('2024-01-01T00:00:00Z')],
  ] as const)(
    'every line adds up to its paid paise, the lines to the order (%#)',
    (goods, fee, discount, intra, at) => {
      const lines = invoiceTaxLines({
        goods: [...goods],
        deliveryFee: fee,
        discount,
        intraState: intra,
        at,
      });
      for (const l of lines) {
        expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);
        if (intra) expect(l.igstPaise).toBe(0);
        else expect(l.cgstPaise + l.sgstPaise).toBe(0);
      }
      const amount = goods.reduce((a, g) => a + g.price * g.quantity, 0) + fee - discount;
      expect(taxTotals(lines).totalPaise).toBe(amount * 100);
    },
  );

  it('uses the dated slab: before 22 Sep 2025 a ₹1,100 shirt is 12 %, after it 5 %', () => {
    const at = (iso: string) =>
      invoiceTaxLines({
        goods: [shirt(1100)],
        deliveryFee: 0,
        discount: 0,
        intraState: true,
        at: new Date(iso),
      })[0]!.ratePercent;
    expect(at('2025-09-21T12:00:00Z')).toBe(12);
    expect(at('2025-09-22T12:00:00Z')).toBe(5);
  });
});

describe('amountInWords (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [4_900, 'Rupees Forty-Nine Only'],
    [249_950, 'Rupees Two Thousand Four Hundred Ninety-Nine and Fifty Paise Only'],
    [
      12_345_678,
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    ],
    [1_000_000_000, 'Rupees One Crore Only'],
    [12_50_00_000_00, 'Rupees Twelve Crore Fifty Lakh Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});

describe('GSTIN', () => {
  const first14 = '29AAACV1234F1Z';
  const valid = `${first14}${gstinCheckCharacter(first14)}`;
  it('accepts a GSTIN with its check character', () => {
    expect(valid).toBe('29AAACV1234F1ZL');
    expect(gstinProblem(valid)).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
  });
  it.each([
    [`${first14}${valid[14] === 'A' ? 'B' : 'A'}`, /check character/],
    ['99AAACV1234F1ZL', /not a state code/],
    ['29AAACV1234F1Z', /15 characters/],
    ['29aaacv1234f1zl', /15 characters/],
  ])('refuses %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toMatch(problem);
  });
});

describe('document numbers', () => {
  it.each([
    ['2026-03-31T18:29:59.999Z', '25-26'], // 31 March 2026, 23:59:59.999 in India
    ['2026-03-31T18:30:00.000Z', '26-27'], // 1 April 2026, midnight in India
    ['2026-11-24T06:30:00Z', '26-27'],
    ['2099-12-31T00:00:00Z', '99-00'],
  ])('%s is in financial year %s', (iso, fy) => {
    expect(financialYear(new Date(iso))).toBe(fy);
  });

  it('fits the law’s 16 characters, up to a seventh digit', () => {
    expect(documentNumber('invoice', '26-27', 123)).toBe('VS/26-27/000123');
    expect(documentNumber('creditNote', '26-27', 4)).toBe('CN/26-27/000004');
    expect(documentNumber('invoice', '26-27', 1_234_567)).toHaveLength(DOCUMENT_NUMBER_MAX_LENGTH);
    expect(() => documentNumber('invoice', '26-27', 12_345_678)).toThrow(RangeError);
    expect(() => documentNumber('invoice', '26-27', 0)).toThrow(RangeError);
  });

  it('are saved as the number with its slashes as dashes (the API and the storefront alike)', () => {
    expect(documentFileName('VS/26-27/000123')).toBe('VS-26-27-000123.pdf');
    expect(documentFileName('CN/26-27/000004')).toBe('CN-26-27-000004.pdf');
  });
});

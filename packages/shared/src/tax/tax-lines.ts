import { paidShares } from '../pricing/refund-amounts';
import { DELIVERY_LINE_DESCRIPTION, DELIVERY_SAC, apparelRate } from './gst-rates';

/**
 * The lines of a tax invoice or credit note (docs/decisions/123-gst-invoices.md). Prices are
 * GST-inclusive: each line's tax is taken out of what was paid for it, in paise, rounded once per
 * line; the taxable value is what is left, so every line adds up to its price to the paisa.
 */

export interface TaxLine {
  description: string;
  /** HSN of the goods, SAC of the delivery. */
  hsn: string;
  quantity: number;
  /** Percent: 5, 18, … */
  ratePercent: number;
  taxablePaise: number;
  /** Intra-state: CGST + SGST, half the rate each, equal amounts. Inter-state: IGST. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + cgst + sgst + igst: what the shopper paid for the line. */
  totalPaise: number;
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * One line's GST out of its GST-inclusive price. Intra-state: each half is
 * round(total × rate/2 ÷ (100 + rate)), so CGST equals SGST; inter-state: IGST is
 * round(total × rate ÷ (100 + rate)). Half-paise round up (half away from zero; amounts are ≥ 0).
 */
export function splitTax(
  totalPaise: number,
  ratePercent: number,
  intraState: boolean,
): Pick<TaxLine, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'> {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  if (intraState) {
    const half = Math.round((totalPaise * ratePercent) / (2 * (100 + ratePercent)));
    return {
      taxablePaise: totalPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise,
    };
  }
  const igst = Math.round((totalPaise * ratePercent) / (100 + ratePercent));
  return {
    taxablePaise: totalPaise - igst,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
    totalPaise,
  };
}

export interface InvoicedGoods {
  description: string;
  hsn: string;
  quantity: number;
  /** Unit price, whole rupees, GST included (the order's snapshot). */
  price: number;
}

/**
 * An order's invoice lines: each line at what was paid for it after its share of the discount
 * (`paidShares`), taxed at the apparel rate for that value per piece on `at`; the delivery fee, when
 * there is one, as its own line taxed at the highest rate of the goods it delivers (it follows
 * the goods it is part of, and the higher rate never under-declares).
 */
export function invoiceTaxLines(order: {
  goods: readonly InvoicedGoods[];
  deliveryFee: number;
  discount: number;
  intraState: boolean;
  at: Date;
}): TaxLine[] {
  const shares = paidShares({
    lines: order.goods.map((g) => ({ price: g.price, quantity: g.quantity })),
    deliveryFee: order.deliveryFee,
    discount: order.discount,
  });
  const lines: TaxLine[] = order.goods.map((g, i) => {
    const paid = shares.lines[i] ?? 0;
    const ratePercent = apparelRate(paid, g.quantity, order.at);
    return {
      description: g.description,
      hsn: g.hsn,
      quantity: g.quantity,
      ratePercent,
      ...splitTax(paid, ratePercent, order.intraState),
    };
  });
  if (shares.delivery > 0) {
    const ratePercent = Math.max(...lines.map((l) => l.ratePercent));
    lines.push({
      description: DELIVERY_LINE_DESCRIPTION,
      hsn: DELIVERY_SAC,
      quantity: 1,
      ratePercent,
      ...splitTax(shares.delivery, ratePercent, order.intraState),
    });
  }
  return lines;
}

/** The sums of the lines' columns. */
export function taxTotals(lines: readonly TaxLine[]): TaxTotals {
  const totals: TaxTotals = {
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
  for (const l of lines) {
    totals.taxablePaise += l.taxablePaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
    totals.totalPaise += l.totalPaise;
  }
  return totals;
}

import { splitTax, type TaxLine } from '@vastra/shared/tax/tax-lines';

/*
 * What a credit note credits (docs/decisions/124-tax-invoices-api.md). Pure: the desk reads the
 * invoice, the earlier credit notes and the return, and writes what these answer. Every credit
 * line is one of the invoice's lines (same description, HSN/SAC and rate), so what is left of a
 * line is its total less what earlier credit notes credited of it.
 */

/** The parts of a document line the credit rules read. */
export type DocumentLine = Pick<
  TaxLine,
  'description' | 'hsn' | 'quantity' | 'ratePercent' | 'totalPaise'
>;

/** An invoice line with what is still uncredited of it. */
export interface LineLeft {
  line: DocumentLine;
  quantity: number;
  paise: number;
}

const sameLine = (a: DocumentLine, b: DocumentLine) =>
  a.description === b.description && a.hsn === b.hsn && a.ratePercent === b.ratePercent;

/** Each invoice line less what the earlier credit notes' lines took from it. */
export function leftOfInvoice(
  invoiceLines: readonly DocumentLine[],
  credited: readonly DocumentLine[],
): LineLeft[] {
  const left = invoiceLines.map((line) => ({
    line,
    quantity: line.quantity,
    paise: line.totalPaise,
  }));
  for (const c of credited) {
    // The first invoice line it matches that still has money left (an order has one line per
    // product and size, so in practice there is exactly one).
    const target =
      left.find((l) => sameLine(l.line, c) && l.paise >= c.totalPaise) ??
      left.find((l) => sameLine(l.line, c));
    if (!target) continue;
    target.paise = Math.max(0, target.paise - c.totalPaise);
    target.quantity = Math.max(0, target.quantity - c.quantity);
  }
  return left;
}

/** A credit line: `paise` of the invoice line `line`, GST taken out at that line's rate. */
function creditLine(
  line: DocumentLine,
  quantity: number,
  paise: number,
  intraState: boolean,
): TaxLine {
  return {
    description: line.description,
    hsn: line.hsn,
    quantity,
    ratePercent: line.ratePercent,
    ...splitTax(paise, line.ratePercent, intraState),
  };
}

/**
 * A refund that is not for a return (a cancellation, money owed back): what is left of the invoice,
 * line by line, the delivery line included. When the refund is less than what is left, it is
 * shared over the lines in proportion to what is left of each (largest remainder, to the paisa),
 * so the credit note's total is always the refund. A line credited in full keeps its units; a
 * line credited in part is a credit of value only (quantity 0).
 */
export function creditWhatIsLeft(
  left: readonly LineLeft[],
  amountPaise: number,
  intraState: boolean,
): TaxLine[] {
  const open = left.filter((l) => l.paise > 0);
  const totalLeft = open.reduce((a, l) => a + l.paise, 0);
  // More asked back than the invoice has left cannot come from requestRefund (it checks what was
  // paid); should it, the refund is still shared over the invoice's lines as they were.
  const basis =
    totalLeft >= amountPaise && totalLeft > 0
      ? open
      : left.map((l) => ({ ...l, paise: l.line.totalPaise, quantity: l.line.quantity }));
  const basisTotal = basis.reduce((a, l) => a + l.paise, 0);
  if (basisTotal === 0 || amountPaise <= 0) return [];
  const shares = largestRemainder(
    basis.map((l) => l.paise),
    amountPaise,
  );
  return basis.flatMap((l, i) => {
    const paise = shares[i] ?? 0;
    if (paise <= 0) return [];
    const whole = paise === l.paise;
    return [creditLine(l.line, whole ? l.quantity : 0, paise, intraState)];
  });
}

/** `amount` shared over `weights` in proportion, by largest remainder: the shares add up to it. */
export function largestRemainder(weights: readonly number[], amount: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  const floors = weights.map((w) => Math.floor((w * amount) / total));
  const rests = weights.map((w, i) => ({ i, rest: (w * amount) % total, floor: floors[i]! }));
  let missing = amount - floors.reduce((a, b) => a + b, 0);
  rests.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of rests) {
    if (missing <= 0) break;
    floors[i] = floors[i]! + 1;
    missing -= 1;
  }
  return floors;
}

/** A returned line: units of one order line and their refund (return_requests.lines). */
export interface ReturnedLine {
  /** The invoice's goods line the units came from. */
  invoiceLine: DocumentLine;
  quantity: number;
  refundPaise: number;
}

/** A return's refund: each returned line at the rate of the invoice line it came from. */
export function creditReturn(returned: readonly ReturnedLine[], intraState: boolean): TaxLine[] {
  return returned
    .filter((r) => r.refundPaise > 0)
    .map((r) => creditLine(r.invoiceLine, r.quantity, r.refundPaise, intraState));
}

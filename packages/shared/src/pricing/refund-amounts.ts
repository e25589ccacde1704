/**
 * What was paid for each part of an order, and so what goes back when part of it is returned
 * (docs/decisions/118-order-life.md). The server computes every refund with these; the storefront
 * shows the same figure before the shopper confirms. Paise throughout: money is whole rupees in an
 * order, but a discount shared across lines is not.
 */

export interface PaidOrder {
  /** Each line's unit price (whole rupees) and quantity, in the order's line order. */
  lines: readonly { price: number; quantity: number }[];
  deliveryFee: number;
  discount: number;
}

export interface PaidShares {
  /** What each line cost after its share of the discount, in paise. */
  lines: number[];
  /** What the delivery cost after its share of the discount, in paise. */
  delivery: number;
  /** The whole amount paid, in paise (= the order's amount × 100). */
  total: number;
}

/**
 * The discount (percent coupons take it from subtotal + delivery) shared over the lines and the
 * delivery fee in proportion to their price, by largest remainder, so the shares add up to the
 * amount paid to the paisa and the same order always gives the same shares.
 */
export function paidShares(order: PaidOrder): PaidShares {
  const parts = [...order.lines.map((l) => l.price * l.quantity * 100), order.deliveryFee * 100];
  const gross = parts.reduce((a, b) => a + b, 0);
  const discount = order.discount * 100;
  if (gross === 0 || discount === 0) {
    return { lines: parts.slice(0, -1), delivery: parts.at(-1) ?? 0, total: gross - discount };
  }
  const exact = parts.map((p) => (p * discount) / gross);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  const paid = parts.map((p, i) => p - (shares[i] ?? 0));
  return { lines: paid.slice(0, -1), delivery: paid.at(-1) ?? 0, total: gross - discount };
}

/**
 * Paise back for `units` more units of a line that cost `linePaise` for `quantity`, of which
 * `alreadyReturned` went back before. Cumulative flooring: the units of one line returned in
 * several requests add up to exactly what the line cost.
 */
export function lineRefundPaise(
  linePaise: number,
  quantity: number,
  alreadyReturned: number,
  units: number,
): number {
  if (quantity <= 0 || units <= 0) return 0;
  const upTo = (n: number) => Math.floor((linePaise * Math.min(n, quantity)) / quantity);
  return upTo(alreadyReturned + units) - upTo(alreadyReturned);
}

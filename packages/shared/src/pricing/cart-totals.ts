import { DELIVERY_FEE } from '../constants';

/** One cart line as pricing sees it: the product's price (whole rupees) and how many. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface CartTotalsOptions {
  /** The configured delivery fee; `DELIVERY_FEE` (₹49) unless the caller knows better. */
  deliveryFee?: number;
}

export interface CartTotals {
  /** docs/product.md §9: the sum of price × quantity over every line. */
  subtotal: number;
  deliveryFee: number;
  total: number;
  /** Units in the cart (the header's count). */
  itemCount: number;
}

function assertWholeRupees(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of rupees, 0 or more (got ${value})`);
  }
}

/**
 * Cart totals (docs/architecture.md §4.2), the one function both the cart page and the server use. A pure
 * function of the lines and options, so the checkout can add coupons on top of it.
 * - Lines with a quantity of 0 or less count for nothing.
 * - An empty cart totals 0 everywhere: no delivery fee for nothing delivered (docs/product.md §9).
 * Money is whole rupees; a fractional or negative price is a bug upstream and throws.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  options: CartTotalsOptions = {},
): CartTotals {
  const fee = options.deliveryFee ?? DELIVERY_FEE;
  assertWholeRupees(fee, 'The delivery fee');
  let subtotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    if (!Number.isFinite(line.quantity) || line.quantity <= 0) continue;
    if (!Number.isInteger(line.quantity)) {
      throw new RangeError(`A quantity must be a whole number (got ${line.quantity})`);
    }
    assertWholeRupees(line.unitPrice, 'A price');
    subtotal += line.unitPrice * line.quantity;
    itemCount += line.quantity;
  }
  if (itemCount === 0) return { subtotal: 0, deliveryFee: 0, total: 0, itemCount: 0 };
  return { subtotal, deliveryFee: fee, total: subtotal + fee, itemCount };
}

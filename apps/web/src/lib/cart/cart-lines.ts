import type { Product } from '@vastra/shared/schemas/product';
import { cartTotals, type CartTotals } from '@vastra/shared/pricing/cart-totals';
import { notEnoughMessage, STOCK_MESSAGES } from '@vastra/shared/stock-text';
import { LINE_LIMIT_NOTE } from '@vastra/shared/cart/size-change';
import type { CartMap } from './cart';
import { unitsOf } from '../stock';

export interface CartLine {
  key: string;
  product: Product;
  size: string;
  quantity: number;
  /** Units of this line the shopper's own open order holds: theirs on top of the stock. */
  held: number;
}

/**
 * One line per product and size with a quantity above 0, in the order the products were added,
 * priced from the catalogue. A product the catalogue no longer lists is left out: the server
 * drops such lines on the next read and says so.
 */
export function cartLines(
  cart: CartMap,
  products: readonly Product[],
  held: CartMap = {},
): CartLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  const lines: CartLine[] = [];
  for (const [productId, sizes] of Object.entries(cart)) {
    const product = byId.get(productId);
    if (!product) continue;
    for (const [size, quantity] of Object.entries(sizes)) {
      if (Number.isInteger(quantity) && quantity > 0) {
        const own = held[productId]?.[size] ?? 0;
        lines.push({ key: `${productId}:${size}`, product, size, quantity, held: own });
      }
    }
  }
  return lines;
}

export function totalsOf(lines: readonly CartLine[]): CartTotals {
  return cartTotals(lines.map((l) => ({ unitPrice: l.product.price, quantity: l.quantity })));
}

/** The MRP lines of a cart or an order summary (docs/decisions/126-mrp-display.md). */
export interface MrpTotals {
  /** Σ MRP × quantity; a line without an MRP counts at its price. */
  totalMrp: number;
  /** Total MRP less the subtotal (Σ price × quantity): what the prices take off the MRPs. */
  discount: number;
}

/**
 * What the lines' MRPs add up to, or null when no line has an MRP above its price: then the
 * summary shows no MRP lines at all. Information from the product data only; the server prices
 * the order.
 */
export function mrpTotalsOf(lines: readonly CartLine[]): MrpTotals | null {
  let totalMrp = 0;
  let subtotal = 0;
  for (const { product, quantity } of lines) {
    // An MRP below the price cannot be stored (a CHECK); it would not raise the total either.
    totalMrp += Math.max(product.mrp ?? 0, product.price) * quantity;
    subtotal += product.price * quantity;
  }
  return totalMrp > subtotal ? { totalMrp, discount: totalMrp - subtotal } : null;
}

/** What this shopper may have of a size: what is left for anyone, plus what their own open order holds. */
export function unitsLeft(product: Product, size: string, held: CartMap = {}): number {
  return unitsOf(product.stock, size) + (held[product._id]?.[size] ?? 0);
}
const unitsLeftFor = (line: CartLine) => unitsOf(line.product.stock, line.size) + line.held;

/**
 * What is wrong with a line now that the catalogue's stock is known: "Size M is sold out" or
 * "Only 2 left in size M" (the server's own refusals, docs/decisions/110), or null when the line
 * can be bought as it is. A line with a problem blocks checkout until it is fixed (decision 111).
 */
export function stockProblem(line: CartLine): string | null {
  const left = unitsLeftFor(line);
  return line.quantity > left ? notEnoughMessage(line.size, left) : null;
}

/** The most of a line the shopper may ask for: what is left, within the per-line limit. */
export function lineMax(line: CartLine, perLineMax: number): number {
  return Math.min(perLineMax, unitsLeftFor(line));
}

/**
 * Why plus stops at this line's quantity, or null while it may go up: the per-line limit
 * ('10 is the most per order line') or what is left ('Only 3 left in size M') — said beside the
 * line and as the button's description (docs/decisions/144-cart-edits.md).
 */
export function plusStop(line: CartLine, perLineMax: number): string | null {
  if (line.quantity < lineMax(line, perLineMax)) return null;
  if (line.quantity >= perLineMax) return LINE_LIMIT_NOTE;
  return STOCK_MESSAGES.notEnough(line.size, unitsLeftFor(line));
}

/**
 * Stock numbers and the words shoppers and the owner read about stock (docs/decisions/110). Kept
 * free of zod and of any import, so the storefront's home chunk can show 'Sold out' or 'Only 2
 * left' on a card without loading the schemas; `schemas/stock.ts` re-exports these.
 */

export const STOCK_LIMITS = {
  /** The most units of one size the owner may record as on hand. */
  onHandMax: 100_000,
  /** A shopper's product answer never shows more than this many units of a size. */
  shownCap: 10,
  /** 'Only N left' shows from this many units down to 1. */
  fewLeftMax: 5,
  /** The admin's low-stock list's default threshold. */
  lowStockDefault: 5,
} as const;

/** On its own too, so a product card can import just this word (the home chunk's bytes). */
export const SOLD_OUT = 'Sold out';

export const STOCK_MESSAGES = {
  soldOut: SOLD_OUT,
  onlyLeft: (n: number) => `Only ${n} left`,
  sizeSoldOut: (size: string) => `Size ${size} is sold out`,
  /** The server's refusal of a cart line or an order beyond what is left (n ≥ 1). */
  notEnough: (size: string, n: number) => `Only ${n} left in size ${size}`,
  fixCart:
    'Some items in your cart are no longer available in the quantity you chose. Please update your cart to continue.',
  onHand: `Stock must be a whole number from 0 to ${STOCK_LIMITS.onHandMax}`,
  unknownSize: (size: string) => `This product does not come in size ${size}`,
  belowHeld: (size: string, held: number) =>
    `Size ${size} has ${held} units held by unpaid orders: stock cannot go below that`,
} as const;

/** The refusal for a size with `left` units when more were asked for: sold out, or only N left. */
export function notEnoughMessage(size: string, left: number): string {
  return left <= 0 ? STOCK_MESSAGES.sizeSoldOut(size) : STOCK_MESSAGES.notEnough(size, left);
}

/** What a product card or size button says about `available` units: sold out, few left, or nothing. */
export function stockNote(available: number): string | null {
  if (available <= 0) return SOLD_OUT;
  if (available <= STOCK_LIMITS.fewLeftMax) return STOCK_MESSAGES.onlyLeft(available);
  return null;
}

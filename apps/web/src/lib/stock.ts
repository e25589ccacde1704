/**
 * What the storefront reads from a product's `stock` (docs/decisions/110, 111): size → units a
 * shopper can buy now, capped at STOCK_LIMITS.shownCap, 0 for sold out. In the first chunk (the
 * product card), so kept tiny.
 */

/** Units of `size` that can be bought now; a size without an entry counts as sold out. */
export const unitsOf = (stock: Readonly<Record<string, number>>, size: string): number =>
  stock[size] ?? 0;

/** Every size is gone: the card and the product page say "Sold out". */
export const isSoldOut = (stock: Readonly<Record<string, number>>): boolean =>
  !Object.values(stock).some((n) => n > 0);

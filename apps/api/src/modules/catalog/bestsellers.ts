import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';

/** Units sold per product id, counted over paid orders only. */
export type UnitsSold = ReadonlyMap<string, number>;

/**
 * Best sellers (docs/architecture.md §4.7): the products with most units sold, most first (a tie goes to the
 * newer product), topped up with the newest products while there are fewer than `count` with
 * sales. `products` is the shop's list in any order; products not in it (deleted ones) never
 * appear, whatever they sold.
 */
export function rankBestsellers(
  products: readonly Product[],
  unitsSold: UnitsSold,
  count: number = HOME_BESTSELLER_COUNT,
): Product[] {
  const newestFirst = (a: Product, b: Product) =>
    b.date - a.date || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
  const sold = (p: Product) => unitsSold.get(p._id) ?? 0;
  const selling = products
    .filter((p) => sold(p) > 0)
    .sort((a, b) => sold(b) - sold(a) || newestFirst(a, b))
    .slice(0, count);
  if (selling.length >= count) return selling;
  const chosen = new Set(selling.map((p) => p._id));
  const topUp = products
    .filter((p) => !chosen.has(p._id))
    .sort(newestFirst)
    .slice(0, count - selling.length);
  return [...selling, ...topUp];
}

// The catalogue as the API serves it, and docs/product.md's collection rules written out independently
// of the storefront's code, so that the browser tests check the page against the rule itself.
import type { Product } from '@vastra/shared/schemas/product';
import { baseURL } from './browser';

let cached: Product[] | undefined;

/** Newest first, as the storefront keeps it (the API answers oldest first). */
export async function catalogue(): Promise<Product[]> {
  if (!cached) {
    const response = await fetch(`${baseURL}/api/product/list`);
    const body = (await response.json()) as { success: boolean; products: Product[] };
    if (!body.success || body.products.length === 0) throw new Error('The catalogue is empty.');
    cached = [...body.products].reverse();
  }
  return cached;
}

export interface CollectionQuery {
  categories?: string[];
  brands?: string[];
  maxPrice?: number;
  search?: string;
  sort?: 'relevant' | 'low-high' | 'high-low';
}

/**
 * docs/product.md §2, §9: OR within a group, AND across groups, case-insensitive; price ≤ the slider, except
 * at its top position (₹2,000), which lets every price through (docs/decisions/011).
 */
export function expectedCollection(products: Product[], query: CollectionQuery): Product[] {
  const lower = (xs: string[] | undefined) => (xs ?? []).map((x) => x.toLowerCase());
  const categories = lower(query.categories);
  const brands = lower(query.brands);
  let result = products.filter(
    (p) =>
      (categories.length === 0 || categories.includes(p.category.toLowerCase())) &&
      (brands.length === 0 || brands.includes(p.subCategory.toLowerCase())) &&
      (query.maxPrice === undefined || query.maxPrice >= 2000 || p.price <= query.maxPrice) &&
      (!query.search || p.name.toLowerCase().includes(query.search.toLowerCase())),
  );
  if (query.sort === 'low-high') result = [...result].sort((a, b) => a.price - b.price);
  if (query.sort === 'high-low') result = [...result].sort((a, b) => b.price - a.price);
  return result;
}

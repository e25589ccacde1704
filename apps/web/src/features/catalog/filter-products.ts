import {
  BRANDS,
  CATEGORIES,
  PRICE_FILTER,
  SORT_OPTIONS,
  withinPriceFilter,
  type SortOption,
} from '@vastra/shared/constants';

/** Only what the filters read, so the rule is testable without whole products. */
export interface FilterableProduct {
  name: string;
  price: number;
  category: string;
  subCategory: string;
}

export interface CollectionFilters {
  categories: readonly string[];
  /** Brand codes, matched against a product's subCategory (docs/product.md §2). */
  brands: readonly string[];
  maxPrice: number;
  sort: SortOption;
}

export interface SearchFilter {
  text: string;
  /** Search applies only while the search bar is shown (docs/product.md §9). */
  visible: boolean;
}

export const DEFAULT_FILTERS: CollectionFilters = {
  categories: [],
  brands: [],
  maxPrice: PRICE_FILTER.default,
  sort: 'relevant',
};

const lower = (s: string) => s.trim().toLowerCase();

/**
 * docs/product.md §2 and §9: categories and brands case-insensitive, OR within a group and AND across
 * groups; price ≤ the slider value (any price at its top position, decision 011); the name search
 * only while the bar is shown; then the sort.
 * Relevance keeps the list's own order (newest first); the price sorts are stable.
 */
export function filterProducts<P extends FilterableProduct>(
  products: readonly P[],
  filters: CollectionFilters,
  search: SearchFilter = { text: '', visible: false },
): P[] {
  const categories = new Set(filters.categories.map(lower));
  const brands = new Set(filters.brands.map(lower));
  const query = search.visible ? lower(search.text) : '';

  const result = products.filter(
    (p) =>
      (categories.size === 0 || categories.has(lower(p.category))) &&
      (brands.size === 0 || brands.has(lower(p.subCategory))) &&
      withinPriceFilter(p.price, filters.maxPrice) &&
      (query === '' || p.name.toLowerCase().includes(query)),
  );

  if (filters.sort === 'low-high') return result.sort((a, b) => a.price - b.price);
  if (filters.sort === 'high-low') return result.sort((a, b) => b.price - a.price);
  return result;
}

const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));

/**
 * Filters live in the address (`?category=SHIRTS&brand=SNITCH&price=1500&sort=low-high`) so a
 * filtered collection survives a reload and the back button. Unknown values are dropped.
 */
export function filtersFromParams(params: URLSearchParams): CollectionFilters {
  const pick = (key: string, allowed: readonly string[]) => {
    const byLower = new Map(allowed.map((v) => [v.toLowerCase(), v]));
    const picked = params.getAll(key).flatMap((v) => byLower.get(v.toLowerCase()) ?? []);
    return [...new Set(picked)];
  };
  const rawPrice = params.get('price');
  const price = rawPrice === null || rawPrice.trim() === '' ? NaN : Number(rawPrice);
  const maxPrice =
    Number.isFinite(price) && price >= PRICE_FILTER.min && price <= PRICE_FILTER.max
      ? Math.round(price / PRICE_FILTER.step) * PRICE_FILTER.step
      : PRICE_FILTER.default;
  const sort = params.get('sort') ?? '';
  return {
    categories: pick('category', CATEGORIES),
    brands: pick('brand', BRANDS),
    maxPrice,
    sort: SORT_VALUES.has(sort) ? (sort as SortOption) : 'relevant',
  };
}

export function filtersToParams(filters: CollectionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const c of filters.categories) params.append('category', c);
  for (const b of filters.brands) params.append('brand', b);
  if (filters.maxPrice !== PRICE_FILTER.default) params.set('price', String(filters.maxPrice));
  if (filters.sort !== 'relevant') params.set('sort', filters.sort);
  return params;
}

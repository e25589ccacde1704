import { ALL_SIZES, BRANDS, CATEGORIES, PRICE_FILTER } from '@vastra/shared/constants';
import {
  CATALOGUE_SEARCH_MAX,
  CATALOGUE_SORTS,
  type CatalogueSort,
} from '@vastra/shared/catalogue-sorts';

/**
 * What the collection shows, as the address holds it
 * (`/collection?category=SHIRTS&brand=SNITCH&q=polo&sort=low-high`), so a reload, Back and a
 * shared link all show the same page (docs/decisions/145-collection-on-the-query.md). The server
 * applies it (GET /api/products, docs/decisions/139-catalogue-query.md).
 */
export interface CollectionState {
  categories: readonly string[];
  /** Brand codes, matched against a product's subCategory (docs/product.md §2). */
  brands: readonly string[];
  /** Products with one of these sizes available now. */
  sizes: readonly string[];
  /** The slider: price ≤ it, any price at its top position (decision 011). */
  maxPrice: number;
  /** The search text; '' is no search. */
  q: string;
  sort: CatalogueSort;
  /** A later page, opened from a "Load more" link without JavaScript (or by a crawler). */
  cursor: string;
}

/** The filters a shopper sets (the FILTERS badge, the chips, "Clear all"): not sort or search. */
export type CollectionFilters = Pick<
  CollectionState,
  'categories' | 'brands' | 'sizes' | 'maxPrice'
>;

export const DEFAULT_STATE: CollectionState = {
  categories: [],
  brands: [],
  sizes: [],
  maxPrice: PRICE_FILTER.default,
  q: '',
  sort: 'relevant',
  cursor: '',
};

const SORT_VALUES = new Set<string>(CATALOGUE_SORTS.map((s) => s.value));
/** Cursors are base64url (decision 139); anything else in the address is dropped. */
const CURSOR = /^[A-Za-z0-9_-]{1,300}$/;

/** How many filters are set (the FILTERS button's badge; "Clear all" shows when any is). */
export function activeFilterCount(f: CollectionFilters): number {
  return (
    f.categories.length +
    f.brands.length +
    f.sizes.length +
    (f.maxPrice === DEFAULT_STATE.maxPrice ? 0 : 1)
  );
}

/** The state with every filter cleared; the sort and the search stay. */
export function withoutFilters(state: CollectionState): CollectionState {
  return { ...DEFAULT_STATE, sort: state.sort, q: state.q };
}

function priceOf(raw: string | null): number {
  const price = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(price) && price >= PRICE_FILTER.min && price <= PRICE_FILTER.max
    ? Math.round(price / PRICE_FILTER.step) * PRICE_FILTER.step
    : PRICE_FILTER.default;
}

/**
 * Reads the address; unknown values are dropped rather than refused, so an old or hand-edited link
 * still opens the collection. `price` is the name the page used before `maxPrice` (old links).
 */
export function stateFromParams(params: URLSearchParams): CollectionState {
  const pick = (key: string, allowed: readonly string[]) => {
    const byLower = new Map(allowed.map((v) => [v.toLowerCase(), v]));
    const picked = params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .flatMap((v) => byLower.get(v.trim().toLowerCase()) ?? []);
    return [...new Set(picked)];
  };
  const sort = params.get('sort') ?? '';
  const cursor = params.get('cursor') ?? '';
  return {
    categories: pick('category', CATEGORIES),
    brands: pick('brand', BRANDS),
    sizes: pick('size', ALL_SIZES),
    maxPrice: priceOf(params.get('maxPrice') ?? params.get('price')),
    q: (params.get('q') ?? '').trim().slice(0, CATALOGUE_SEARCH_MAX),
    sort: SORT_VALUES.has(sort) ? (sort as CatalogueSort) : 'relevant',
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

/** The address of a state, defaults left out. */
export function stateToParams(state: CollectionState): URLSearchParams {
  const params = new URLSearchParams();
  for (const c of state.categories) params.append('category', c);
  for (const b of state.brands) params.append('brand', b);
  for (const s of state.sizes) params.append('size', s);
  if (state.maxPrice !== PRICE_FILTER.default) params.set('maxPrice', String(state.maxPrice));
  if (state.q !== '') params.set('q', state.q);
  if (state.sort !== 'relevant') params.set('sort', state.sort);
  if (state.cursor !== '') params.set('cursor', state.cursor);
  return params;
}

/** `?…` for a state ('' for the default one). */
export function searchOf(state: CollectionState): string {
  const query = stateToParams(state).toString();
  return query ? `?${query}` : '';
}

/** The catalogue query's parameters (GET /api/products): the slider's top is no price limit. */
export function apiQueryOf(state: CollectionState, limit?: number) {
  return {
    category: state.categories.length ? [...state.categories] : undefined,
    brand: state.brands.length ? [...state.brands] : undefined,
    size: state.sizes.length ? [...state.sizes] : undefined,
    maxPrice: state.maxPrice < PRICE_FILTER.max ? state.maxPrice : undefined,
    q: state.q || undefined,
    sort: state.sort,
    cursor: state.cursor || undefined,
    limit,
  };
}

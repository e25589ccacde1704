/*
 * The catalogue query's words that the collection page needs before any answer: its sorts, its
 * page size and its search length (docs/decisions/139-catalogue-query.md). Kept free of zod, so
 * the collection loads none (docs/decisions/163-collection-without-zod.md); the query's schema,
 * `schemas/catalogue-query.ts`, builds on them.
 */

/** The sorts the collection offers: the specification's three, then the shop's own. */
export const CATALOGUE_SORTS = [
  { value: 'relevant', label: 'Relevance' },
  { value: 'low-high', label: 'Price: Low to High' },
  { value: 'high-low', label: 'Price: High to Low' },
  { value: 'new', label: 'What’s new' },
  { value: 'popular', label: 'Popularity' },
  { value: 'discount', label: 'Discount' },
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]['value'];

export const CATALOGUE_PAGE = { default: 24, max: 60 } as const;
/** Longer search text is refused, so no query is built from it (400). */
export const CATALOGUE_SEARCH_MAX = 100;

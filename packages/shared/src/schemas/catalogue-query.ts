import { z } from 'zod';
import {
  CATALOGUE_PAGE,
  CATALOGUE_SEARCH_MAX,
  CATALOGUE_SORTS,
  type CatalogueSort,
} from '../catalogue-sorts';
import { ALL_SIZES, BRANDS, CATEGORIES, LIMITS } from '../constants';
import { text } from './common';
import { productSchema } from './product';

/*
 * The catalogue query, GET /api/products (docs/decisions/139-catalogue-query.md): one page of the
 * collection, filtered, searched and sorted by the server, with the total and the count behind
 * each filter value. The specification's rules (docs/product.md §2, §9) are its behaviour.
 */

const SORT_VALUES = CATALOGUE_SORTS.map((s) => s.value) as [CatalogueSort, ...CatalogueSort[]];

/** A cursor is a few dozen characters; anything much longer is not one of ours. */
const CURSOR_MAX = 300;

export const CATALOGUE_QUERY_MESSAGES = {
  category: `category must be one or more of: ${CATEGORIES.join(', ')}`,
  brand: `brand must be one or more of: ${BRANDS.join(', ')}`,
  size: `size must be one or more of: ${ALL_SIZES.join(', ')}`,
  sort: `sort must be one of: ${SORT_VALUES.join(', ')}`,
  price: `maxPrice and minPrice must be whole rupees from 0 to ${LIMITS.productPriceMax}`,
  priceOrder: 'minPrice must not be more than maxPrice',
  search: `q must be at most ${CATALOGUE_SEARCH_MAX} characters long`,
  limit: `limit must be a whole number from 1 to ${CATALOGUE_PAGE.max}`,
  cursor: 'The page cursor is not valid: start again from the first page',
  cursorSort: 'The page cursor belongs to another sort: start again from the first page',
} as const;

/**
 * A repeated parameter (`?brand=SNITCH&brand=SPYKAR`) or a comma-separated one, matched without
 * regard to case and answered in the canonical spelling; an unknown value is refused (400).
 */
function valuesOf<T extends string>(allowed: readonly T[], message: string) {
  const byLower = new Map(allowed.map((v) => [v.toLowerCase(), v]));
  return z
    .union([text(), z.array(text())], { error: message })
    .transform((raw, ctx) => {
      const parts = (Array.isArray(raw) ? raw : [raw])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      const values = new Set<T>();
      for (const part of parts) {
        const value = byLower.get(part.toLowerCase());
        if (!value) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        values.add(value);
      }
      return [...values];
    })
    .optional();
}

/** An empty `?maxPrice=` is no price at all, not 0. */
const rupees = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: CATALOGUE_QUERY_MESSAGES.price })
    .int(CATALOGUE_QUERY_MESSAGES.price)
    .min(0, CATALOGUE_QUERY_MESSAGES.price)
    .max(LIMITS.productPriceMax, CATALOGUE_QUERY_MESSAGES.price)
    .optional(),
);

export const catalogueQuerySchema = z
  .object({
    category: valuesOf(CATEGORIES, CATALOGUE_QUERY_MESSAGES.category),
    /** Brand codes, as products store them in subCategory. */
    brand: valuesOf(BRANDS, CATALOGUE_QUERY_MESSAGES.brand),
    /** Products with at least one of these sizes available now. */
    size: valuesOf(ALL_SIZES, CATALOGUE_QUERY_MESSAGES.size),
    /** The slider's value: price ≤ it, any price at PRICE_FILTER.max and above (decision 011). */
    maxPrice: rupees,
    minPrice: rupees,
    q: text({ error: CATALOGUE_QUERY_MESSAGES.search })
      .max(CATALOGUE_SEARCH_MAX, CATALOGUE_QUERY_MESSAGES.search)
      .optional(),
    sort: z.enum(SORT_VALUES, { error: CATALOGUE_QUERY_MESSAGES.sort }).default('relevant'),
    limit: z.coerce
      .number({ error: CATALOGUE_QUERY_MESSAGES.limit })
      .int(CATALOGUE_QUERY_MESSAGES.limit)
      .min(1, CATALOGUE_QUERY_MESSAGES.limit)
      .max(CATALOGUE_PAGE.max, CATALOGUE_QUERY_MESSAGES.limit)
      .default(CATALOGUE_PAGE.default),
    /** `nextCursor` of the page before; absent for the first page. */
    cursor: text({ error: CATALOGUE_QUERY_MESSAGES.cursor })
      .max(CURSOR_MAX, CATALOGUE_QUERY_MESSAGES.cursor)
      .regex(/^[A-Za-z0-9_-]+$/, CATALOGUE_QUERY_MESSAGES.cursor)
      .optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: CATALOGUE_QUERY_MESSAGES.priceOrder,
    path: ['minPrice'],
  });
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/**
 * A product as the collection's card shows it: the list's Product without its description and
 * with its first picture only — the description is most of a product's bytes and no card shows
 * it (a page of 24 stays a few KB compressed whatever the descriptions are).
 */
export const catalogueItemSchema = productSchema
  .omit({ description: true })
  .extend({ image: z.array(z.string()).max(1) });
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

const facetCountSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetCount = z.infer<typeof facetCountSchema>;

export const catalogueAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(catalogueItemSchema),
  /** Products matching the whole query, every page together. */
  total: z.number().int().nonnegative(),
  /** Send as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Per filter value, the products the query would match with that value chosen in its group:
   * each group counted with its own choice left out (so "(12)" beside a brand counts that brand
   * under the other filters). Every category, brand and size is listed, 0 included.
   */
  facets: z.object({
    category: z.array(facetCountSchema),
    brand: z.array(facetCountSchema),
    size: z.array(facetCountSchema),
  }),
  /** The search words as the server read them, after spelling correction ("chnio" → "chino"). */
  searchedFor: z.array(z.string()),
});
export type CatalogueAnswer = z.infer<typeof catalogueAnswerSchema>;

import { sql, type SQL } from 'drizzle-orm';
import { PRICE_FILTER } from '@vastra/shared/constants';
import type { CatalogueSort } from '@vastra/shared/catalogue-sorts';
import { rowsOf, type Database } from '../../db/client';
import { inStockCondition, inStockSizeCounts } from '../stock/stock.service';
import type { SearchTerm } from './catalogue-search-words';

/*
 * The catalogue query's SQL (docs/decisions/139-catalogue-query.md): products.search_text,
 * product_sales and catalogue_words come from migration 0018. Everything the shopper sent reaches
 * PostgreSQL as a parameter; the search words are [a-z0-9] only (search normal form), so they are
 * safe inside a LIKE pattern.
 */

export interface CatalogueFilter {
  categories: readonly string[];
  brands: readonly string[];
  sizes: readonly string[];
  maxPrice: number | undefined;
  minPrice: number | undefined;
  /** One entry per search word; every word must be found (in the name, description or brand). */
  terms: readonly SearchTerm[];
}

/** Where a page starts: the last product of the page before, by its sort key. */
export interface KeysetPosition {
  /** The sort's leading value (price, units, score, discount); absent for the newest-first sorts. */
  lead?: number;
  /** created_at as PostgreSQL printed it (microseconds kept), then the id. */
  created: string;
  id: string;
}

export interface PageRow {
  id: string;
  name: string;
  price: number;
  mrp: number | null;
  image: string[];
  category: string;
  sub_category: string;
  sizes: string[];
  date_ms: string | number;
  created_key: string;
  lead: number | null;
}

export interface CountRow {
  /** `snapshot`: the statement's `pg_current_snapshot()` in `value`, what the counts saw. */
  facet: 'category' | 'brand' | 'size' | 'total' | 'snapshot';
  value: string;
  count: number;
}

const wordStarts = (words: readonly string[]) => sql.param(words.map((w) => `% ${w}%`));

/** The name, description and brand parts of search_text (migration 0018). */
const NAME_PART = sql`split_part(p.search_text, ' | ', 1)`;
const DESCRIPTION_PART = sql`(' ' || split_part(p.search_text, ' | ', 2))`;

function searchMatches(term: SearchTerm): SQL {
  return sql`p.search_text like any(${wordStarts([...term.literal, ...term.synonyms])}::text[])`;
}

/** Per word: 4 in the name, 3 in the name through a synonym, 2 in the description, 1 the brand. */
function relevance(terms: readonly SearchTerm[]): SQL {
  const parts = terms.map(
    (term) => sql`(case
      when ${NAME_PART} like any(${wordStarts(term.literal)}::text[]) then 4
      when ${NAME_PART} like any(${wordStarts(term.synonyms)}::text[]) then 3
      when ${DESCRIPTION_PART} like any(${wordStarts([...term.literal, ...term.synonyms])}::text[]) then 2
      else 1 end)`,
  );
  return sql.join(parts, sql` + `);
}

/**
 * The prices a query keeps, each bound absent when it keeps every price: the slider's top means any
 * price (docs/decisions/011-price-slider-top-means-any-price.md), and a floor of ₹0 none.
 */
export function priceBoundsOf(filter: Pick<CatalogueFilter, 'minPrice' | 'maxPrice'>): {
  min?: number;
  max?: number;
} {
  const { minPrice, maxPrice } = filter;
  return {
    ...(minPrice !== undefined && minPrice > 0 ? { min: minPrice } : {}),
    ...(maxPrice !== undefined && maxPrice < PRICE_FILTER.max ? { max: maxPrice } : {}),
  };
}

/** Whether a product at `price` is within the query's price bounds (what the SQL keeps). */
export function keepsPrice(filter: Pick<CatalogueFilter, 'minPrice' | 'maxPrice'>, price: number) {
  const { min, max } = priceBoundsOf(filter);
  return (min === undefined || price >= min) && (max === undefined || price <= max);
}

/** The conditions outside the three counted groups: shown, price, search. */
function baseConditions(filter: CatalogueFilter): SQL[] {
  const where: SQL[] = [sql`p.deleted_at is null`];
  const { min, max } = priceBoundsOf(filter);
  if (max !== undefined) where.push(sql`p.price <= ${max}`);
  if (min !== undefined) where.push(sql`p.price >= ${min}`);
  for (const term of filter.terms) where.push(searchMatches(term));
  return where;
}

const categoryCondition = (filter: CatalogueFilter): SQL | undefined =>
  filter.categories.length > 0
    ? sql`p.category = any(${sql.param([...filter.categories])}::text[])`
    : undefined;
const brandCondition = (filter: CatalogueFilter): SQL | undefined =>
  filter.brands.length > 0
    ? sql`p.sub_category = any(${sql.param([...filter.brands])}::text[])`
    : undefined;
const sizeCondition = (filter: CatalogueFilter): SQL | undefined =>
  filter.sizes.length > 0 ? inStockCondition(sql`p.id`, filter.sizes) : undefined;

const and = (conditions: readonly (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? sql.join(present, sql` and `) : sql`true`;
};

/** The leading sort value of each sort; the newest first, then the id, break every tie. */
function leadOf(
  sort: CatalogueSort,
  filter: CatalogueFilter,
): { value: SQL; desc: boolean } | null {
  switch (sort) {
    case 'low-high':
      return { value: sql`p.price`, desc: false };
    case 'high-low':
      return { value: sql`p.price`, desc: true };
    case 'popular':
      return {
        value: sql`coalesce((select ps.units from product_sales ps where ps.product_id = p.id), 0)`,
        desc: true,
      };
    case 'discount':
      return { value: sql`vastra_discount_percent(p.price, p.mrp)`, desc: true };
    case 'relevant':
      // Without search text, relevance is the list's own order: newest first (docs/product.md §9).
      return filter.terms.length > 0 ? { value: relevance(filter.terms), desc: true } : null;
    case 'new':
      return null;
  }
}

/** One page in the sort's order, after `after` when given; `limit + 1` rows say whether more follow. */
export async function readPage(
  db: Database,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<PageRow[]> {
  const lead = leadOf(sort, filter);
  const where = [
    ...baseConditions(filter),
    categoryCondition(filter),
    brandCondition(filter),
    sizeCondition(filter),
  ];
  if (after) {
    const older = sql`(p.created_at, p.id) < (${after.created}::timestamptz, ${after.id}::uuid)`;
    if (lead && after.lead !== undefined) {
      const beyond = lead.desc ? sql`<` : sql`>`;
      where.push(
        sql`(${lead.value} ${beyond} ${after.lead} or (${lead.value} = ${after.lead} and ${older}))`,
      );
    } else where.push(older);
  }
  const order = lead
    ? sql`${lead.value} ${lead.desc ? sql`desc` : sql`asc`}, p.created_at desc, p.id desc`
    : sql`p.created_at desc, p.id desc`;
  const result = await db.execute(sql`
    select p.id, p.name, p.price, p.mrp, p.images[1:1] as image, p.category, p.sub_category,
      p.sizes, floor(extract(epoch from p.created_at) * 1000)::bigint as date_ms,
      p.created_at::text as created_key, ${lead ? lead.value : sql`null`} as lead
    from products p
    where ${and(where)}
    order by ${order}
    limit ${limit + 1}`);
  return rowsOf<PageRow>(result);
}

/**
 * The total and the counts per category, brand and size, in one statement: each group counted
 * with the other groups' choices and without its own (the usual faceted-search rule). With
 * `product`, only that product's part of them, whatever its price: what a price move into or out
 * of the query's price bounds adds or takes away
 * (docs/decisions/164-price-moves-are-added-to-the-counts.md).
 */
export async function readCounts(
  db: Database,
  filter: CatalogueFilter,
  { oneCore = false, product }: { oneCore?: boolean; product?: string } = {},
): Promise<CountRow[]> {
  const statement = product
    ? countsStatement({ ...filter, minPrice: undefined, maxPrice: undefined }, product)
    : countsStatement(filter);
  if (!oneCore) return rowsOf<CountRow>(await db.execute(statement));
  // Without PostgreSQL's parallel workers, for this statement only (SET LOCAL): a background
  // re-read leaves the other cores to the shoppers' queries
  // (docs/decisions/153-list-rebuilds-only-for-the-list.md).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<CountRow>(await tx.execute(statement));
  });
}

function countsStatement(filter: CatalogueFilter, product?: string) {
  const category = categoryCondition(filter) ?? sql`true`;
  const brand = brandCondition(filter) ?? sql`true`;
  const size = sizeCondition(filter) ?? sql`true`;
  const base = baseConditions(filter);
  if (product) base.push(sql`p.id = ${product}::uuid`);
  // The comment names the statement in PostgreSQL's logs (and for the tests that watch it).
  return sql`${sql.raw(product ? '/* counts: one product */' : '/* counts */')}
    with m as materialized (
      select p.id, p.category, p.sub_category,
        ${category} as category_ok, ${brand} as brand_ok, ${size} as size_ok
      from products p
      where ${and(base)}
    )
    select 'category' as facet, category as value,
      (count(*) filter (where brand_ok and size_ok))::int as count from m group by category
    union all
    select 'brand', sub_category, (count(*) filter (where category_ok and size_ok))::int
      from m group by sub_category
    union all
    select 'total', '', (count(*) filter (where category_ok and brand_ok and size_ok))::int from m
    union all
    select 'size', c.value, c.count
      from (${inStockSizeCounts(sql`select id from m where category_ok and brand_ok`, {
        wholeCatalogue: base.length === 1,
      })}) c
    union all
    select 'snapshot', pg_current_snapshot()::text, 0`;
}

/** The shopper's text in search normal form (the same function the products' text went through). */
export async function normaliseSearch(db: Database, text: string): Promise<string> {
  const result = await db.execute(sql`select vastra_search_norm(${text}) as norm`);
  return rowsOf<{ norm: string | null }>(result)[0]?.norm ?? '';
}

export interface WordCheck {
  word: string;
  /** Some product word starts with it. */
  known: boolean;
  /** Catalogue words of about its length sharing some of its trigrams: candidates for a typo. */
  near: string[];
}

/** Whether the catalogue has each word, and the words it might be a typo of. */
export async function checkWords(db: Database, words: readonly string[]): Promise<WordCheck[]> {
  if (words.length === 0) return [];
  const result = await db.execute(sql`
    select q.word,
      exists (select 1 from catalogue_words c where c.word like q.word || '%') as known,
      array(
        select c.word from catalogue_words c
        where length(c.word) between length(q.word) - 1 and length(q.word) + 1
          and similarity(c.word, q.word) > 0.1
        order by similarity(c.word, q.word) desc, c.word
        limit 20
      ) as near
    from unnest(${sql.param([...words])}::text[]) as q(word)`);
  return rowsOf<WordCheck>(result);
}

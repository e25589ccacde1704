import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { products, type ProductRow } from '../../db/schema/products';

/*
 * The few products each storefront screen shows, read by query instead of from the whole list
 * (docs/decisions/146-screens-ask-for-what-they-show.md). Live products only; every order ends
 * newest first, then by id, so an answer is the same every time for the same data.
 */

const live = isNull(products.deletedAt);
const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

function idsOf(result: unknown): string[] {
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The `limit` newest products (products_listing_new_idx of migration 0018 answers it). */
export function readNewest(db: Database, limit: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(live)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The live products of `ids`, in no particular order; unknown and deleted ids are left out. */
export function readLiveByIds(db: Database, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(and(live, inArray(products.id, [...ids])));
}

/** One live product, or undefined. */
export async function readLiveProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(live, eq(products.id, id)));
  return row;
}

/**
 * Others of the product's category, its brand first, each group newest first (the list's order,
 * docs/decisions/142-related-products-fill.md).
 */
export function readRelated(
  db: Database,
  product: Pick<ProductRow, 'id' | 'category' | 'subCategory'>,
  limit: number,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(live, eq(products.category, product.category), ne(products.id, product.id)))
    .orderBy(desc(sql`${products.subCategory} = ${product.subCategory}`), ...newestFirst)
    .limit(limit);
}

/** Ids of the products with units sold in paid orders (product_sales, migration 0018), most first. */
export async function readMostSold(db: Database, limit: number): Promise<string[]> {
  return idsOf(
    await db.execute(sql`
      select p.id from product_sales ps join products p on p.id = ps.product_id
      where p.deleted_at is null and ps.units > 0
      order by ps.units desc, p.created_at desc, p.id desc
      limit ${limit}`),
  );
}

/** Ids of reviewed products not in `excluded`, best average rating of shown reviews first. */
export async function readBestRated(
  db: Database,
  excluded: readonly string[],
  limit: number,
): Promise<string[]> {
  return idsOf(
    await db.execute(sql`
      select r.product_id as id from product_reviews r join products p on p.id = r.product_id
      where p.deleted_at is null and r.hidden_at is null
        and not (r.product_id = any(${sql.param([...excluded])}::uuid[]))
      group by r.product_id
      order by avg(r.rating) desc, count(*) desc, max(p.created_at) desc, r.product_id desc
      limit ${limit}`),
  );
}

/**
 * Ids of products not in `excluded`, largest MRP discount first (products_listing_discount_idx
 * of migration 0018 answers it).
 */
export async function readMostDiscounted(
  db: Database,
  excluded: readonly string[],
  limit: number,
): Promise<string[]> {
  return idsOf(
    await db.execute(sql`
      select p.id from products p
      where p.deleted_at is null and not (p.id = any(${sql.param([...excluded])}::uuid[]))
      order by vastra_discount_percent(p.price, p.mrp) desc, p.created_at desc, p.id desc
      limit ${limit}`),
  );
}

import { and, asc, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, type ProductRow } from '../../db/schema/products';

/** Where a slice of the list ends: created_at as PostgreSQL prints it (microseconds kept), and the id. */
export interface ListPosition {
  createdKey: string;
  id: string;
}

/**
 * One slice of the products the shop shows, oldest first (the storefront reverses the list,
 * docs/product.md §4), after `after`. The list is read a slice at a time so that no single result
 * holds up other requests at 100,000 products (docs/decisions/150-counts-never-stall.md).
 */
export function listActiveProductsSlice(
  db: Database,
  after: ListPosition | undefined,
  limit: number,
): Promise<(ProductRow & ListPosition)[]> {
  return db
    .select({ ...getTableColumns(products), createdKey: sql<string>`${products.createdAt}::text` })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        after
          ? sql`(${products.createdAt}, ${products.id}) > (${after.createdKey}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}

/** The products of `ids`, deleted ones too; ids that name no product are left out. */
export async function readProductsByIds(
  db: Database,
  ids: readonly string[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

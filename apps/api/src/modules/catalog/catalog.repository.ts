import { asc, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, type ProductRow } from '../../db/schema/products';

/** Products the shop shows, oldest first (the storefront reverses the list, docs/product.md §4). */
export function listActiveProducts(db: Database): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.createdAt), asc(products.id));
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

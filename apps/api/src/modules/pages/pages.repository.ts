import { and, asc, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';

export async function countLiveProducts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(isNull(products.deletedAt));
  return row?.n ?? 0;
}

/** A sitemap line's fields, and the (created_at, id) position the next batch starts after. */
export interface SitemapProduct {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * Live products in the order of `products_created_at_idx` (oldest first, so a new product goes to
 * the last sitemap file): `limit` of them after `after`, or after skipping `offset` when a file
 * starts.
 */
export function liveProductsBatch(
  db: Database,
  from: { after: SitemapProduct } | { offset: number },
  limit: number,
): Promise<SitemapProduct[]> {
  const live = isNull(products.deletedAt);
  const query = db
    .select({ id: products.id, name: products.name, createdAt: products.createdAt })
    .from(products);
  const ordered = (where: ReturnType<typeof and>) =>
    query.where(where).orderBy(asc(products.createdAt), asc(products.id)).limit(limit);
  if ('after' in from) {
    const { createdAt, id } = from.after;
    return ordered(
      and(
        live,
        or(
          gt(products.createdAt, createdAt),
          and(eq(products.createdAt, createdAt), gt(products.id, id)),
        ),
      ),
    );
  }
  return ordered(and(live)).offset(from.offset);
}

import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminProductListQuery } from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import { products, type NewProductRow, type ProductRow } from '../../db/schema/products';

/** `%` and `_` typed by the admin are searched for, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the matching products, newest first; `all`: every matching product instead. */
export async function listProductsForAdmin(
  db: Database,
  query: AdminProductListQuery,
  options: { all?: boolean } = {},
): Promise<{ rows: ProductRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.deleted === 'exclude' ? isNull(products.deletedAt) : undefined,
    query.deleted === 'only' ? isNotNull(products.deletedAt) : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.subCategory ? eq(products.subCategory, query.subCategory) : undefined,
    query.search
      ? or(
          ilike(products.name, likePattern(query.search)),
          ilike(products.description, likePattern(query.search)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  if (options.all) {
    const rows = await db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id));
    return { rows, total: rows.length };
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}

/**
 * A product the shop still sells (deleted ones cannot be edited). `forUpdate`: locked until the
 * transaction ends, so a check of its stored fields (the MRP against the price) holds for the
 * write that follows.
 */
export async function findLiveProduct(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProductRow | undefined> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertProduct(db: Database, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateLiveProduct(
  db: Database,
  id: string,
  set: Partial<
    Pick<
      NewProductRow,
      | 'name'
      | 'description'
      | 'price'
      | 'mrp'
      | 'hsn'
      | 'category'
      | 'subCategory'
      | 'sizes'
      | 'images'
    >
  >,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set(set)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning();
  return row;
}

/**
 * Appends pictures only while the product stays within `max`: one statement, so two uploads racing
 * cannot take it past the limit. Undefined when refused (or deleted meanwhile).
 */
export async function appendImages(
  db: Database,
  id: string,
  urls: readonly string[],
  max: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({
      images: sql`${products.images} || array[${sql.join(
        urls.map((url) => sql`${url}`),
        sql`, `,
      )}]::text[]`,
    })
    .where(
      and(
        eq(products.id, id),
        isNull(products.deletedAt),
        sql`cardinality(${products.images}) + ${urls.length} <= ${max}`,
      ),
    )
    .returning();
  return row;
}

export async function softDeleteProduct(
  db: Database,
  id: string,
  at: Date,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ deletedAt: at })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning();
  return row;
}

import { and, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ReviewCursor, ReviewFit } from '@vastra/shared/schemas/review';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { productReviews, type ProductReviewRow } from '../../db/schema/reviews';

/**
 * The reviews table's queries (docs/decisions/136-product-reviews.md). Pages are by keyset on
 * (created_at, id), newest first; every created_at is written from a JavaScript Date, so it has
 * the millisecond precision a cursor carries.
 */

function olderThan(cursor: ReviewCursor | undefined): SQL | undefined {
  return cursor
    ? sql`(${productReviews.createdAt}, ${productReviews.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

const newestFirst = [desc(productReviews.createdAt), desc(productReviews.id)];

/** One page of the product's visible reviews, and one more row to tell whether a next page exists. */
export function readVisiblePage(
  db: Database,
  productId: string,
  before: ReviewCursor | undefined,
  limit: number,
): Promise<ProductReviewRow[]> {
  return db
    .select()
    .from(productReviews)
    .where(
      and(
        eq(productReviews.productId, productId),
        isNull(productReviews.hiddenAt),
        olderThan(before),
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit + 1);
}

export interface SummaryRow {
  count: number;
  average: number;
  stars: [number, number, number, number, number];
  fit: Record<ReviewFit, number>;
}

/** Count, average (one decimal), count per star and fit over the product's visible reviews. */
export async function readSummary(db: Database, productId: string): Promise<SummaryRow> {
  const r = productReviews;
  const n = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      // numeric rounding, then text: the same one decimal on PGlite and PostgreSQL.
      average: sql<string>`coalesce(round(avg(${r.rating})::numeric, 1), 0)::text`,
      s1: n(sql`${r.rating} = 1`),
      s2: n(sql`${r.rating} = 2`),
      s3: n(sql`${r.rating} = 3`),
      s4: n(sql`${r.rating} = 4`),
      s5: n(sql`${r.rating} = 5`),
      small: n(sql`${r.fit} = 'small'`),
      true: n(sql`${r.fit} = 'true'`),
      large: n(sql`${r.fit} = 'large'`),
    })
    .from(r)
    .where(and(eq(r.productId, productId), isNull(r.hiddenAt)));
  return {
    count: Number(row?.count ?? 0),
    average: Number(row?.average ?? 0),
    stars: [row?.s1, row?.s2, row?.s3, row?.s4, row?.s5].map((v) =>
      Number(v ?? 0),
    ) as SummaryRow['stars'],
    fit: {
      small: Number(row?.small ?? 0),
      true: Number(row?.true ?? 0),
      large: Number(row?.large ?? 0),
    },
  };
}

export async function findOwnReview(
  db: Database,
  userId: string,
  productId: string,
): Promise<ProductReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  return row;
}

export interface ReviewWriteRow {
  productId: string;
  userId: string;
  authorName: string;
  rating: number;
  fit: ReviewFit | null;
  body: string;
  at: Date;
}

/**
 * Writes the shopper's review in one statement: a second send (or two at once) meets the unique
 * index on (user, product) and rewrites the same row instead of adding one. Hidden stays hidden.
 */
export async function upsertOwnReview(
  db: Database,
  write: ReviewWriteRow,
): Promise<{ row: ProductReviewRow; created: boolean }> {
  const [row] = await db
    .insert(productReviews)
    .values({
      productId: write.productId,
      userId: write.userId,
      authorName: write.authorName,
      rating: write.rating,
      fit: write.fit,
      body: write.body,
      isDemo: false,
      createdAt: write.at,
      updatedAt: write.at,
    })
    .onConflictDoUpdate({
      target: [productReviews.userId, productReviews.productId],
      targetWhere: isNotNull(productReviews.userId),
      set: {
        authorName: write.authorName,
        rating: write.rating,
        fit: write.fit,
        body: write.body,
        updatedAt: write.at,
      },
    })
    // xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ ...getTableColumns(productReviews), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('the review upsert returned nothing');
  const { created, ...review } = row;
  return { row: review, created };
}

export async function deleteOwnReview(
  db: Database,
  userId: string,
  productId: string,
): Promise<void> {
  await db
    .delete(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
}

// ── The owner's ──

export type AdminReviewRow = ProductReviewRow & { productName: string };

const withProductName = { ...getTableColumns(productReviews), productName: products.name };

/** Every review (demo ones too), newest first, with its product's name. */
export function readAdminPage(
  db: Database,
  view: 'all' | 'visible' | 'hidden',
  before: ReviewCursor | undefined,
  limit: number,
): Promise<AdminReviewRow[]> {
  const shown =
    view === 'visible'
      ? isNull(productReviews.hiddenAt)
      : view === 'hidden'
        ? isNotNull(productReviews.hiddenAt)
        : undefined;
  return db
    .select(withProductName)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(and(shown, olderThan(before)))
    .orderBy(...newestFirst)
    .limit(limit + 1);
}

/**
 * Hides a review with the owner's reason, or shows it again (reason null): one conditional
 * UPDATE, so doing it twice is doing it once. A review hidden again keeps when it was first hidden.
 */
export async function setHidden(
  db: Database,
  id: string,
  hidden: { reason: string; at: Date } | null,
): Promise<AdminReviewRow | undefined> {
  const [row] = await db
    .update(productReviews)
    .set(
      hidden
        ? {
            hiddenAt: sql`coalesce(${productReviews.hiddenAt}, ${hidden.at.toISOString()}::timestamptz)`,
            hiddenReason: hidden.reason,
          }
        : { hiddenAt: null, hiddenReason: null },
    )
    .where(eq(productReviews.id, id))
    .returning({ id: productReviews.id });
  if (!row) return undefined;
  const [found] = await db
    .select(withProductName)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.id, id));
  return found;
}

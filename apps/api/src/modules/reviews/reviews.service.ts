import {
  REVIEW_MESSAGES,
  reviewCursor,
  type AdminReview,
  type AdminReviewView,
  type MyReview,
  type Review,
  type ReviewCursor,
  type ReviewFit,
  type ReviewListResponse,
  type ReviewWrite,
} from '@vastra/shared/schemas/review';
import type { Database } from '../../db/client';
import type { ProductReviewRow } from '../../db/schema/reviews';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { readLiveProduct } from '../catalog/screen-products.repository';
import { hasReceivedProduct } from '../orders/orders.service';
import {
  deleteOwnReview,
  findOwnReview,
  readAdminPage,
  readSummary,
  readVisiblePage,
  setHidden,
  upsertOwnReview,
  type AdminReviewRow,
} from './reviews.repository';

/**
 * The name shown with a review: the account's first name and the last name's initial, "Asha R."
 * (a one-word name stays whole), taken when the review is written (docs/decisions/136).
 */
export function reviewAuthorName(accountName: string): string {
  const words = accountName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? 'Shopper';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

function toReview(row: ProductReviewRow): Review {
  return {
    _id: row.id,
    productId: row.productId,
    authorName: row.authorName,
    rating: row.rating,
    fit: row.fit as ReviewFit | null,
    body: row.body,
    isDemo: row.isDemo,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

function toMyReview(row: ProductReviewRow): MyReview {
  return { ...toReview(row), hiddenReason: row.hiddenAt ? row.hiddenReason : null };
}

function toAdminReview(row: AdminReviewRow): AdminReview {
  return {
    ...toReview(row),
    hiddenReason: row.hiddenReason,
    hiddenAt: row.hiddenAt?.getTime() ?? null,
    productName: row.productName,
  };
}

/** A page of `limit` from the `limit + 1` rows read, and the cursor of the next page. */
function paged<R extends ProductReviewRow>(rows: R[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor:
      rows.length > limit && last ? reviewCursor(last.createdAt.getTime(), last.id) : null,
  };
}

/**
 * Ratings and reviews (docs/decisions/136-product-reviews.md): anyone reads a product's visible
 * reviews and their summary; a shopper writes one review per product they received (a line of
 * a Delivered order) and may rewrite or remove it; the owner hides one with a reason or shows it
 * again. A product is known when the catalogue lists it (a removed product takes no reviews).
 */
export function createReviewsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** Only products the shop lists are reviewed: asked of the database, not the whole list. */
  async function mustBeListed(productId: string): Promise<void> {
    if (!(await readLiveProduct(db, productId)))
      throw new AppError('not_found', REVIEW_MESSAGES.productNotFound);
  }

  return {
    async list(
      productId: string,
      before: ReviewCursor | undefined,
      limit: number,
    ): Promise<Omit<ReviewListResponse, 'success'>> {
      await mustBeListed(productId);
      const [rows, summary] = await Promise.all([
        readVisiblePage(db, productId, before, limit),
        readSummary(db, productId),
      ]);
      const { page, nextCursor } = paged(rows, limit);
      const [s1, s2, s3, s4, s5] = summary.stars;
      return {
        summary: {
          average: summary.average,
          count: summary.count,
          byStars: { 1: s1, 2: s2, 3: s3, 4: s4, 5: s5 },
          fit: summary.fit,
        },
        reviews: page.map(toReview),
        nextCursor,
      };
    },

    async mine(
      userId: string,
      productId: string,
    ): Promise<{ review: MyReview | null; canReview: boolean }> {
      await mustBeListed(productId);
      const [row, canReview] = await Promise.all([
        findOwnReview(db, userId, productId),
        hasReceivedProduct(db, userId, productId),
      ]);
      return { review: row ? toMyReview(row) : null, canReview };
    },

    async save(
      account: { id: string; name: string },
      productId: string,
      write: Required<ReviewWrite>,
    ): Promise<{ review: MyReview; created: boolean }> {
      await mustBeListed(productId);
      if (!(await hasReceivedProduct(db, account.id, productId)))
        throw new AppError('forbidden', REVIEW_MESSAGES.notDelivered);
      const { row, created } = await upsertOwnReview(db, {
        productId,
        userId: account.id,
        authorName: reviewAuthorName(account.name),
        rating: write.rating,
        fit: write.fit,
        body: write.body,
        at: clock.now(),
      });
      return { review: toMyReview(row), created };
    },

    async remove(userId: string, productId: string): Promise<void> {
      await deleteOwnReview(db, userId, productId);
    },

    async adminList(
      view: AdminReviewView,
      before: ReviewCursor | undefined,
      limit: number,
    ): Promise<{ reviews: AdminReview[]; nextCursor: string | null }> {
      const { page, nextCursor } = paged(await readAdminPage(db, view, before, limit), limit);
      return { reviews: page.map(toAdminReview), nextCursor };
    },

    async adminHide(id: string, reason: string): Promise<AdminReview> {
      const row = await setHidden(db, id, { reason, at: clock.now() });
      if (!row) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
      return toAdminReview(row);
    },

    async adminShow(id: string): Promise<AdminReview> {
      const row = await setHidden(db, id, null);
      if (!row) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
      return toAdminReview(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

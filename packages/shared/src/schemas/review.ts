import { z } from 'zod';
import { REVIEW_FITS, REVIEW_LIMITS, REVIEW_MESSAGES } from '../review-text';
import { idSchema, text } from './common';
import { productIdSchema } from './product';

/** Shoppers' ratings and reviews (docs/decisions/136-product-reviews.md). */

export * from '../review-text';

// ── Paging: newest first, by keyset ─────────────────────────────────────────────────────────

/**
 * A page's `nextCursor`: the last review's creation time (ms) and id, "1767225600000.<uuid>". Opaque
 * to clients; sent back as `before` it asks for the reviews older than that one.
 */
const CURSOR = /^(\d{1,15})\.([0-9a-fA-F-]{36})$/;

export function reviewCursor(createdAt: number, id: string): string {
  return `${createdAt}.${id}`;
}

export const reviewCursorSchema = text()
  .regex(CURSOR, REVIEW_MESSAGES.cursor)
  .transform((value, ctx) => {
    const [, ms, id] = CURSOR.exec(value) ?? [];
    if (!idSchema.safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.cursor });
      return z.NEVER;
    }
    return { createdAt: new Date(Number(ms)), id: id! };
  });
export type ReviewCursor = z.output<typeof reviewCursorSchema>;

const limitSchema = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${REVIEW_LIMITS.pageSizeMax}` })
  .int(`limit must be a whole number from 1 to ${REVIEW_LIMITS.pageSizeMax}`)
  .min(1, `limit must be a whole number from 1 to ${REVIEW_LIMITS.pageSizeMax}`)
  .max(
    REVIEW_LIMITS.pageSizeMax,
    `limit must be a whole number from 1 to ${REVIEW_LIMITS.pageSizeMax}`,
  )
  .default(REVIEW_LIMITS.pageSize);

export const reviewProductParamsSchema = z.object({ productId: productIdSchema });

export const reviewListQuerySchema = z.object({
  before: reviewCursorSchema.optional(),
  limit: limitSchema,
});

// ── What is shown ───────────────────────────────────────────────────────────────────────────

export const reviewFitSchema = z.enum(REVIEW_FITS, { error: REVIEW_MESSAGES.fit });

export const reviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  /** "Priya S.": the account's first name and last initial when it was written. */
  authorName: z.string(),
  rating: z.number().int().min(1).max(REVIEW_LIMITS.starsOutOf),
  fit: reviewFitSchema.nullable(),
  body: z.string(),
  /** Seeded with the demo catalogue, not written by a shopper: shown as "Demo review". */
  isDemo: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Over the product's visible reviews. `average` has one decimal, 0 when there is none. */
export const reviewSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** How many reviews gave each number of stars. */
  byStars: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
  /** How many said each fit (reviews that said nothing are not counted). */
  fit: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewListResponseSchema = z.object({
  success: z.literal(true),
  summary: reviewSummarySchema,
  /** Newest first; the hidden ones are never here. */
  reviews: z.array(reviewSchema),
  /** `before` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

// ── The shopper's own ───────────────────────────────────────────────────────────────────────

export const reviewWriteSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(REVIEW_LIMITS.starsOutOf, REVIEW_MESSAGES.rating),
  fit: reviewFitSchema.nullable().default(null),
  body: text({ error: 'The review must be text' })
    .trim()
    .max(REVIEW_LIMITS.textMax, REVIEW_MESSAGES.text)
    .default(''),
});
export type ReviewWrite = z.input<typeof reviewWriteSchema>;

export const myReviewSchema = reviewSchema.extend({
  /** Why the shop hid it; null while it shows. */
  hiddenReason: z.string().nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const myReviewResponseSchema = z.object({
  success: z.literal(true),
  review: myReviewSchema.nullable(),
  /** Whether the shopper received this product (a line of a Delivered order). */
  canReview: z.boolean(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

export const reviewSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: myReviewSchema,
});

// ── The owner's ─────────────────────────────────────────────────────────────────────────────

export const ADMIN_REVIEW_VIEWS = ['all', 'visible', 'hidden'] as const;
export type AdminReviewView = (typeof ADMIN_REVIEW_VIEWS)[number];

export const adminReviewListQuerySchema = z.object({
  view: z
    .enum(ADMIN_REVIEW_VIEWS, { error: `view must be one of: ${ADMIN_REVIEW_VIEWS.join(', ')}` })
    .default('all'),
  before: reviewCursorSchema.optional(),
  limit: limitSchema,
});

export const adminReviewSchema = myReviewSchema.extend({
  productName: z.string(),
  hiddenAt: z.number().int().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(adminReviewSchema),
  nextCursor: z.string().nullable(),
});

export const adminReviewHideSchema = z.object({
  reason: text({ error: REVIEW_MESSAGES.hideReason })
    .trim()
    .min(1, REVIEW_MESSAGES.hideReason)
    .max(REVIEW_LIMITS.hideReasonMax, REVIEW_MESSAGES.hideReasonLong),
});
export type AdminReviewHide = z.infer<typeof adminReviewHideSchema>;

export const adminReviewResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: adminReviewSchema,
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';

/**
 * Shoppers' ratings and reviews (docs/decisions/136-product-reviews.md). A shopper reviews a
 * product they received (a line of a Delivered order), once per product; editing rewrites the
 * row. The owner hides a review with a reason instead of deleting it. Demo reviews, seeded so the
 * display shows out of the box, have no author account and say they are demo data.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null only for demo reviews (isDemo). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The name shown with the review ("Priya S."), taken when it was written. */
    authorName: text('author_name').notNull(),
    /** 1 to 5 stars. */
    rating: smallint('rating').notNull(),
    /** 'small' (runs small), 'true' (true to size), 'large' (runs large), or null: not said. */
    fit: text('fit'),
    /** The review's text; may be empty (a rating alone). */
    body: text('body').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_one_per_shopper')
      .on(t.userId, t.productId)
      .where(sql`${t.userId} is not null`),
    index('product_reviews_product_idx').on(t.productId, t.createdAt),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'product_reviews_fit_values',
      sql`${t.fit} is null or ${t.fit} in ('small', 'true', 'large')`,
    ),
    check('product_reviews_author_or_demo', sql`${t.userId} is not null or ${t.isDemo}`),
  ],
);

export type ProductReviewRow = typeof productReviews.$inferSelect;

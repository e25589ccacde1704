import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Coupons as rows (docs/architecture.md §4.1, docs/decisions/065-coupons-as-rows.md): the shop can add one
 * without code; the rules that read them are packages/shared/src/pricing/coupons.ts. The checks
 * keep a row within what those rules understand.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored upper-case and trimmed: codes are compared that way (docs/product.md §5). */
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    /** Whole percent for 'percent' coupons; 0 for 'free_delivery'. */
    percent: integer('percent').notNull().default(0),
    /** Whole rupees; 0 for no minimum. */
    minSubtotal: integer('min_subtotal').notNull().default(0),
    /** Valid while the shopper has fewer earlier orders than this; null for no limit. */
    maxEarlierOrders: integer('max_earlier_orders'),
    oncePerAccount: boolean('once_per_account').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_code_normalized', sql`${t.code} = upper(btrim(${t.code})) and ${t.code} <> ''`),
    check(
      'coupons_kind_percent',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100) or (${t.kind} = 'free_delivery' and ${t.percent} = 0)`,
    ),
    check('coupons_min_subtotal_nonnegative', sql`${t.minSubtotal} >= 0`),
    check(
      'coupons_max_earlier_orders_positive',
      sql`${t.maxEarlierOrders} is null or ${t.maxEarlierOrders} >= 1`,
    ),
  ],
);

/**
 * A coupon used by an account. `once_per_account` is copied from the coupon when the use is
 * recorded, so the database itself refuses a second use of a once-per-account coupon (the partial
 * unique index): two orders racing with FREEDEL cannot both record it.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order the coupon was used on; text until the orders table exists. */
    orderId: text('order_id'),
    oncePerAccount: boolean('once_per_account').notNull(),
    /**
     * 'held' while the unpaid online order that uses it waits for its payment (the row is deleted
     * if that hold ends), 'redeemed' once paid or placed cash on delivery (decision 110). The
     * once-per-account index covers both, so a coupon cannot be held twice either.
     */
    state: text('state').$type<'held' | 'redeemed'>().notNull().default('redeemed'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_once_per_account')
      .on(t.couponId, t.userId)
      .where(sql`${t.oncePerAccount}`),
    index('coupon_redemptions_user_id_idx').on(t.userId),
    index('coupon_redemptions_order_id_idx').on(t.orderId),
    check('coupon_redemptions_state_known', sql`${t.state} in ('held', 'redeemed')`),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;

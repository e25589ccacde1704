import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ORDER_STATUSES,
  type Address,
  type OrderItem,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';
import { users } from './users';

/**
 * Orders. The items are a snapshot of the products as they were sold (a later price
 * change or deletion does not rewrite history); money is whole rupees, priced by the server.
 * `payment` turns true exactly once, by a conditional UPDATE … WHERE payment = false.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    subtotal: integer('subtotal').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    discount: integer('discount').notNull().default(0),
    amount: integer('amount').notNull(),
    couponCode: text('coupon_code'),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    payment: boolean('payment').notNull().default(false),
    status: text('status').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The admin's list: every order, newest first.
    index('orders_created_idx').on(t.createdAt, t.id),
    uniqueIndex('orders_provider_order_id_unique').on(t.providerOrderId),
    index('orders_unpaid_online_idx')
      .on(t.createdAt)
      .where(
        sql`${t.payment} = false and ${t.paymentMethod} = 'razorpay' and ${t.failedAt} is null`,
      ),
    check('orders_payment_method', sql`${t.paymentMethod} in ('cod', 'razorpay')`),
    // The statuses of ORDER_STATUS_STEPS (docs/decisions/082), spelled once in @vastra/shared.
    check(
      'orders_status_known',
      sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check(
      'orders_money_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.discount} >= 0 and ${t.amount} >= 0`,
    ),
  ],
);

/** Webhook events already handled: a repeated `x-razorpay-event-id` is ignored. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

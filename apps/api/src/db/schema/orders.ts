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
import type { HoldState } from '@vastra/shared/schemas/stock';
import { PAYMENT_STATES, type PaymentState } from '@vastra/shared/order-life/payment-state';
import type { OrderActor } from '@vastra/shared/order-life/transitions';
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
    /** What the shopper and the admin call it: #100001, #100002, … (gaps are fine). */
    orderNumber: integer('order_number').notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
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
    /**
     * Its stock and coupon hold (docs/decisions/110): 'held' while an online order waits for its
     * payment, then 'taken' (paid; cash on delivery starts here) or 'released'. Changed only by a
     * conditional UPDATE from the expected state. Null for orders placed before holds existed.
     */
    holdState: text('hold_state').$type<HoldState>(),
    /** When a 'held' hold ends unless paid (HOLD_MINUTES after placing). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * The money now (docs/decisions/118-order-life.md): unpaid → paid → refund_due →
     * partially_refunded / refunded; failed. Moved only by the order-life transitions, from the
     * expected state. `payment` stays "money was received once".
     */
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('unpaid'),
    /** How the provider says it was paid (card, upi, …); null for cash or unpaid. */
    paidWith: text('paid_with'),
    /** Entered by the admin with the step to Shipped. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    /** Starts the return window (RETURN_WINDOW_DAYS). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The delivery window the shop promised at checkout for this address (the delivery check's
     * `deliverBy`: the zone's extra days and the shop's holidays counted;
     * docs/decisions/128-delivery-check.md). Null on orders placed before it was kept: their
     * window is counted again from the placing time, Sundays only.
     */
    promisedFrom: timestamp('promised_from', { withTimezone: true, mode: 'date' }),
    promisedTo: timestamp('promised_to', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The admin's list: every order, newest first.
    index('orders_created_idx').on(t.createdAt, t.id),
    uniqueIndex('orders_provider_order_id_unique').on(t.providerOrderId),
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    check(
      'orders_payment_state_known',
      sql.raw(`payment_state in (${PAYMENT_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
    // The admin's refunds-due view.
    index('orders_refund_due_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentState} = 'refund_due'`),
    index('orders_unpaid_online_idx')
      .on(t.createdAt)
      .where(
        sql`${t.payment} = false and ${t.paymentMethod} = 'razorpay' and ${t.failedAt} is null`,
      ),
    check('orders_payment_method', sql`${t.paymentMethod} in ('cod', 'razorpay')`),
    check(
      'orders_hold_state_known',
      sql`${t.holdState} is null or ${t.holdState} in ('held', 'taken', 'released')`,
    ),
    // At most one open online order per shopper: checkout reuses or replaces it (decision 110).
    uniqueIndex('orders_one_open_online_per_user')
      .on(t.userId)
      .where(sql`${t.holdState} = 'held' and ${t.paymentMethod} = 'razorpay'`),
    // The sweep's search for holds that have run out.
    index('orders_held_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdState} = 'held'`),
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

/**
 * The order's history (docs/decisions/118-order-life.md): one row per change of its status, its
 * payment state, a return request or a refund, appended in the transaction that made the change.
 * The shopper's timeline and the admin's read it; nothing updates or deletes a row.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** shopper | admin | system (ORDER_ACTORS). */
    actor: text('actor').$type<OrderActor>().notNull(),
    /** The admin's e-mail, or what the system was ('razorpay webhook', 'sweep', …); admin only. */
    actorLabel: text('actor_label'),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    /** A return's or a refund's id when the event is about one. */
    subjectId: uuid('subject_id'),
    from: text('from_state'),
    to: text('to_state').notNull(),
    note: text('note'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_actor_known', sql`${t.actor} in ('shopper', 'admin', 'system')`),
    check('order_events_kind_known', sql`${t.kind} in ('status', 'payment', 'return', 'refund')`),
  ],
);

export type OrderEventKind = 'status' | 'payment' | 'return' | 'refund';
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

import { sql } from 'drizzle-orm';
import {
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
  REFUND_METHODS,
  REFUND_REASONS,
  REFUND_STATUSES,
  type RefundMethod,
  type RefundReason,
  type RefundStatus,
} from '@vastra/shared/order-life/refunds';
import {
  RETURN_KINDS,
  RETURN_STATES,
  type ReturnKind,
  type ReturnState,
} from '@vastra/shared/order-life/returns';
import { orders } from './orders';
import { users } from './users';

const known = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** One line of a return request: units of one order line, and the size wanted instead (exchange). */
export interface ReturnLineRow {
  productId: string;
  size: string;
  quantity: number;
  exchangeSize: string | null;
  /** Snapshot from the order line, for the screens. */
  name: string;
  image: string | null;
  /** This line's share of the refund, in paise (0 for an exchange). */
  refundPaise: number;
}

/**
 * Returns and size exchanges (docs/decisions/118-order-life.md): one row per request, moved along
 * RETURN_TRANSITIONS by conditional updates from the expected state.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReturnKind>().notNull(),
    state: text('state').$type<ReturnState>().notNull().default('requested'),
    reason: text('reason').notNull(),
    comment: text('comment'),
    lines: jsonb('lines').$type<ReturnLineRow[]>().notNull(),
    /** The refund this request will give (refund kind), computed by the server at request time. */
    refundPaise: integer('refund_paise').notNull().default(0),
    /** Cash on delivery: the UPI ID the refund is paid out to. */
    upiId: text('upi_id'),
    adminNote: text('admin_note'),
    exchangeCourier: text('exchange_courier'),
    exchangeTrackingNumber: text('exchange_tracking_number'),
    exchangeShippedAt: timestamp('exchange_shipped_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_state_idx').on(t.state, t.createdAt),
    check('return_requests_kind_known', known('kind', RETURN_KINDS)),
    check('return_requests_state_known', known('state', RETURN_STATES)),
    check('return_requests_refund_nonnegative', sql`${t.refundPaise} >= 0`),
  ],
);

/**
 * The refund ledger (docs/decisions/118-order-life.md): every amount going back, its method and
 * status. A Razorpay refund is sent with this row's id as its idempotency key, so a retried
 * request never refunds twice; `refund.processed` / `refund.failed` webhooks settle it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => returnRequests.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    method: text('method').$type<RefundMethod>().notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    /** The payment refunded (Razorpay) — null for a UPI payout. */
    providerPaymentId: text('provider_payment_id'),
    /** Razorpay's rfnd_… once the provider accepted the request. */
    providerRefundId: text('provider_refund_id'),
    /** The admin's UPI transaction reference for a payout done by hand. */
    payoutReference: text('payout_reference'),
    upiId: text('upi_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the retry loop may try a failed or unsent Razorpay refund again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.createdAt),
    uniqueIndex('refunds_provider_refund_id_unique').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_known', known('status', REFUND_STATUSES)),
    check('refunds_method_known', known('method', REFUND_METHODS)),
    check('refunds_reason_known', known('reason', REFUND_REASONS)),
  ],
);

export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

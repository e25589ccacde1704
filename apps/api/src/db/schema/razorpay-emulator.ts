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
} from 'drizzle-orm/pg-core';

/**
 * State of the local Razorpay emulator (providers/payments/emulator), used only when no Razorpay
 * keys are configured. In the database rather than in memory so that several API processes on one
 * PostgreSQL agree on what was paid (docs/architecture.md §1). Shapes follow Razorpay's Orders and Payments
 * entities; amounts are in paise, as at Razorpay.
 */
export const razorpayEmulatorOrders = pgTable(
  'razorpay_emulator_orders',
  {
    /** `order_` + 14 base62 characters, as Razorpay's. */
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** created → attempted (a payment was tried) → paid (a payment was captured). */
    status: text('status').notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('razorpay_emulator_orders_amount_positive', sql`${t.amount} > 0`),
    check(
      'razorpay_emulator_orders_status_known',
      sql`${t.status} in ('created', 'attempted', 'paid')`,
    ),
  ],
);

export const razorpayEmulatorPayments = pgTable(
  'razorpay_emulator_payments',
  {
    /** `pay_` + 14 base62 characters. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => razorpayEmulatorOrders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The emulator captures at once (auto-capture) or fails: captured | failed; refunded once refunded in full. */
    status: text('status').notNull(),
    /** Paise refunded so far (Razorpay's `amount_refunded`). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    method: text('method').notNull(),
    vpa: text('vpa'),
    cardLast4: text('card_last4'),
    cardNetwork: text('card_network'),
    email: text('email'),
    contact: text('contact'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    errorReason: text('error_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('razorpay_emulator_payments_order_id_idx').on(t.orderId),
    check(
      'razorpay_emulator_payments_status_known',
      sql`${t.status} in ('captured', 'failed', 'refunded')`,
    ),
    check(
      'razorpay_emulator_payments_refund_within_amount',
      sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`,
    ),
    check('razorpay_emulator_payments_method_known', sql`${t.method} in ('card', 'upi')`),
  ],
);

/** Refunds of emulator payments, as Razorpay's Refunds entity (`rfnd_…`, paise). */
export const razorpayEmulatorRefunds = pgTable(
  'razorpay_emulator_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => razorpayEmulatorPayments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** pending → processed | failed, as at Razorpay. */
    status: text('status').notNull().default('pending'),
    /** The `X-Refund-Idempotency` header it was created with: the same key answers this refund. */
    idempotencyKey: text('idempotency_key'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    receipt: text('receipt'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('razorpay_emulator_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('razorpay_emulator_refunds_idempotency_unique').on(t.idempotencyKey),
    check('razorpay_emulator_refunds_amount_positive', sql`${t.amount} > 0`),
    check(
      'razorpay_emulator_refunds_status_known',
      sql`${t.status} in ('pending', 'processed', 'failed')`,
    ),
  ],
);

/**
 * The emulator's webhook outbox: each event is stored, then delivered by whichever process's
 * sender finds it due, and retried with backoff until the shop answers 2xx, as Razorpay retries
 * (so a shop killed right after a payment still hears of it when it is back).
 */
export const razorpayEmulatorWebhooks = pgTable(
  'razorpay_emulator_webhooks',
  {
    /** The `X-Razorpay-Event-Id`, the same on every attempt. */
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    /** The exact bytes sent and signed. */
    body: text('body').notNull(),
    signature: text('signature').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Given up after the last retry. */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true, mode: 'date' }),
    /** The shop's HTTP status or the transport error of the last attempt. */
    lastOutcome: text('last_outcome'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('razorpay_emulator_webhooks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.abandonedAt} is null`),
  ],
);

export type EmulatorRefundRow = typeof razorpayEmulatorRefunds.$inferSelect;
export type EmulatorWebhookRow = typeof razorpayEmulatorWebhooks.$inferSelect;
export type EmulatorOrderRow = typeof razorpayEmulatorOrders.$inferSelect;
export type EmulatorPaymentRow = typeof razorpayEmulatorPayments.$inferSelect;

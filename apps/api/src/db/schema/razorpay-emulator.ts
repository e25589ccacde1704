import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** The emulator captures at once (auto-capture) or fails: captured | failed. */
    status: text('status').notNull(),
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
    check('razorpay_emulator_payments_status_known', sql`${t.status} in ('captured', 'failed')`),
    check('razorpay_emulator_payments_method_known', sql`${t.method} in ('card', 'upi')`),
  ],
);

export type EmulatorOrderRow = typeof razorpayEmulatorOrders.$inferSelect;
export type EmulatorPaymentRow = typeof razorpayEmulatorPayments.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { STOCK_MOVEMENT_REASONS } from '@vastra/shared/schemas/stock';
import { products } from './products';

/**
 * Units per product and size (docs/decisions/110-stock-and-holds.md). `held` are the units unpaid
 * online orders keep for themselves; available = on_hand − held. Every change is one conditional
 * UPDATE (the stock module), and these checks make a lost race an error rather than a wrong count.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    onHand: integer('on_hand').notNull().default(0),
    held: integer('held').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_stock_on_hand_nonnegative', sql`${t.onHand} >= 0`),
    check('product_stock_held_nonnegative', sql`${t.held} >= 0`),
    check('product_stock_held_within_on_hand', sql`${t.held} <= ${t.onHand}`),
  ],
);

/** The ledger: one row per change of a size's on-hand or held units, with why and who. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    onHandChange: integer('on_hand_change').notNull(),
    heldChange: integer('held_change').notNull(),
    reason: text('reason').notNull(),
    /** The order that held, bought or released the units; null for the seed and the admin. */
    orderId: uuid('order_id'),
    /** The admin's e-mail, 'shopper' or 'system'. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt),
    check(
      'stock_movements_reason_known',
      sql.raw(`reason in (${STOCK_MOVEMENT_REASONS.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);

export type ProductStockRow = typeof productStock.$inferSelect;

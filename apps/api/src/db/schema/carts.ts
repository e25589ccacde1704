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
import { products } from './products';
import { users } from './users';

/**
 * A shopper's cart, one row per product and size (docs/product.md §3's map, flattened). The primary key is
 * the unique (user, product, size) that lets `INSERT … ON CONFLICT` do the increment atomically.
 * The quantity range is the limit the API enforces (LIMITS.cartLineQuantityMax), kept by the
 * database too so no code path can store more; a line at 0 is deleted, never stored.
 */
export const carts = pgTable(
  'carts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Products are soft-deleted (deleted_at); a hard delete takes its cart lines with it.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.size] }),
    index('carts_product_id_idx').on(t.productId),
    check('carts_quantity_range', sql`${t.quantity} between 1 and 10`),
  ],
);

export type CartRow = typeof carts.$inferSelect;

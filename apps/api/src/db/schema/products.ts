import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Whole rupees (docs/architecture.md §2). */
    price: integer('price').notNull(),
    /**
     * The maximum retail price the label declares, whole rupees, GST included; null when the
     * owner set none, and then the shop shows the price alone (docs/decisions/123-gst-invoices.md).
     */
    mrp: integer('mrp'),
    /** HSN code for the tax invoice (4, 6 or 8 digits; the seed uses HSN_BY_CATEGORY). */
    hsn: text('hsn').notNull(),
    /** URL paths, first one shown on cards. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    /** The brand, named as docs/product.md names it. */
    subCategory: text('sub_category').notNull(),
    sizes: text('sizes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set by the admin's soft delete: orders keep pointing at the row, the shop stops showing it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The seed's stable key; keeps the seed idempotent even if two servers seed at once. */
    seedKey: text('seed_key').unique(),
  },
  (t) => [
    index('products_created_at_idx').on(t.createdAt, t.id),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_mrp_at_least_price', sql`${t.mrp} is null or ${t.mrp} >= ${t.price}`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { refunds } from './after-sale';
import { orders } from './orders';

/**
 * GST tax invoices and credit notes (docs/decisions/123-gst-invoices.md). A document is written
 * once, in the transaction that made it due (payment, delivery, refund), and never changed: the
 * PDF is drawn from the row, so it reads the same every time it is downloaded. Amounts in paise;
 * a credit note's amounts are positive and are subtracted in the tax report.
 */

export type TaxDocumentKind = 'invoice' | 'credit_note';

/** The seller as it was when the document was issued (the shop's configuration then). */
export interface SellerSnapshot {
  legalName: string;
  address: string;
  stateCode: string;
  stateName: string;
  gstin: string;
  signatory: string;
  /**
   * True when the seller was DEMO_SELLER (no SELLER_* configured): the PDF then says it is a demo
   * and not a tax document. Absent on a real seller's documents.
   */
  demo?: boolean;
}

/** The buyer: an unregistered shopper (B2C), named and addressed as on the order. */
export interface BuyerSnapshot {
  name: string;
  /** Street, city, the state as the shopper typed it, PIN. */
  address: string;
  phone: string;
  email: string;
}

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    /** `VS/26-27/000123` (invoice) or `CN/26-27/000004` (credit note). */
    number: text('number').notNull(),
    /** Financial year, `26-27`, and the number within it: from 1, no gaps, per kind. */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id, {
      onDelete: 'restrict',
    }),
    /** The refund a credit note accompanies. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    /** GST state code of the place of supply (from the delivery PIN code). */
    placeOfSupply: text('place_of_supply').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_unique').on(t.number),
    uniqueIndex('tax_documents_sequence_unique').on(t.kind, t.financialYear, t.sequence),
    // One invoice per order; one credit note per refund.
    uniqueIndex('tax_documents_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_refund_unique').on(t.refundId),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_kind_known', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'tax_documents_credit_note_refers',
      sql`(${t.kind} = 'invoice') = (${t.invoiceId} is null)`,
    ),
    check(
      'tax_documents_amounts_add_up',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

/** A document's lines: the goods, then the delivery fee (TaxLine in @vastra/shared/tax/tax-lines). */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => taxDocuments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    hsn: text('hsn').notNull(),
    quantity: integer('quantity').notNull(),
    ratePercent: integer('rate_percent').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.lineNo] }),
    check(
      'tax_document_lines_add_up',
      sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

/**
 * The last number used in each series and financial year. Taking a number is an upsert that
 * increments the row in the issuing transaction: a second process waits on the row lock, and a
 * rolled-back issue gives its number back, so the numbers have no gaps.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocumentRow = typeof taxDocuments.$inferInsert;
export type TaxDocumentLineRow = typeof taxDocumentLines.$inferSelect;

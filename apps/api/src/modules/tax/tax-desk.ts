import type { Database } from '../../db/client';
import type { RefundRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import type { TaxDocumentRow } from '../../db/schema/tax-documents';

/**
 * What the order life asks of the tax module (docs/decisions/123-gst-invoices.md), in the caller's
 * transaction, so a paid or delivered order never exists without its invoice and a refund never
 * without its credit note:
 * - an online order's invoice when its payment is settled (payment state → paid);
 * - a cash-on-delivery order's invoice when it is delivered;
 * - a credit note with every refund of an invoiced order (a cancellation credits what is left of
 *   the invoice, a return the returned units at their refund).
 * Each is idempotent: asked twice, it answers the document already written.
 */
export interface TaxDesk {
  issueInvoice(tx: Database, order: OrderRow, at: Date): Promise<TaxDocumentRow>;
  /** Null when the order has no invoice (nothing was invoiced, so nothing is credited). */
  issueCreditNote(
    tx: Database,
    input: { order: OrderRow; refund: RefundRow; at: Date },
  ): Promise<TaxDocumentRow | null>;
}

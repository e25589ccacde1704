import { eq } from 'drizzle-orm';
import { documentFileName } from '@vastra/shared/tax/document-number';
import type { Database } from '../../db/client';
import { refunds } from '../../db/schema/after-sale';
import { orders, type OrderRow } from '../../db/schema/orders';
import type { TaxDocumentRow } from '../../db/schema/tax-documents';
import type { MailAttachment } from '../../providers/mailer/mailer';
import { renderDocumentPdf } from './document-pdf';
import { findTaxDocument, invoiceOfOrder, linesOfDocument } from './tax-documents.repository';

/** A document's PDF with the name it is downloaded and mailed under. */
export interface DocumentFile {
  filename: string;
  content: Buffer;
}

/** Draws a document's PDF from its rows: its lines, its order's number, a credit note's invoice and reason. */
export async function documentFile(db: Database, document: TaxDocumentRow): Promise<DocumentFile> {
  const [lines, [order], invoice, [refund]] = await Promise.all([
    linesOfDocument(db, document.id),
    db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, document.orderId)),
    document.invoiceId ? findTaxDocument(db, document.invoiceId) : undefined,
    document.refundId
      ? db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.id, document.refundId))
      : [],
  ]);
  const content = await renderDocumentPdf(document, lines, {
    orderNumber: order?.orderNumber ?? 0,
    invoice: invoice && { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: refund?.reason,
  });
  return { filename: documentFileName(document.number), content };
}

/** The order's invoice as a mail attachment, or null when it has none. */
export async function invoicePdfAttachment(
  db: Database,
  order: Pick<OrderRow, 'id'>,
): Promise<MailAttachment | null> {
  const invoice = await invoiceOfOrder(db, order.id);
  if (!invoice) return null;
  const file = await documentFile(db, invoice);
  return { ...file, contentType: 'application/pdf' };
}

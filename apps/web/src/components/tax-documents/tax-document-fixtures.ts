import {
  taxDocumentPaths,
  taxDocumentSummarySchema,
  type TaxDocumentSummary,
} from '@vastra/shared/schemas/tax-documents';

/**
 * An order's invoice and a credit note against it, as the order detail answers list them: checked
 * against the contract's schema, so a fixture the API could not send fails the test that uses it.
 */
export function makeTaxDocuments(
  orderId: string,
  audience: 'shopper' | 'admin' = 'shopper',
): [TaxDocumentSummary, TaxDocumentSummary] {
  const url = (docId: string) =>
    audience === 'shopper'
      ? taxDocumentPaths.shopper(orderId, docId)
      : taxDocumentPaths.admin(docId);
  const invoiceId = '5d0c8a7e-0000-4000-8000-000000000001';
  const noteId = '5d0c8a7e-0000-4000-8000-000000000002';
  return [
    taxDocumentSummarySchema.parse({
      _id: invoiceId,
      kind: 'invoice',
      number: 'VS/26-27/000123',
      // 24 Nov 2026, 12:00 in India.
      issuedAt: Date.UTC(2026, 10, 24, 6, 30),
      totalPaise: 254_700,
      invoiceNumber: null,
      pdfUrl: url(invoiceId),
    }),
    taxDocumentSummarySchema.parse({
      _id: noteId,
      kind: 'credit_note',
      number: 'CN/26-27/000004',
      issuedAt: Date.UTC(2026, 10, 25, 6, 30),
      totalPaise: 129_950,
      invoiceNumber: 'VS/26-27/000123',
      pdfUrl: url(noteId),
    }),
  ];
}

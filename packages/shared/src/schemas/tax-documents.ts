import { z } from 'zod';

/**
 * An order's tax documents as the order pages list them (docs/decisions/123-gst-invoices.md):
 * the invoice and any credit notes, each downloadable as a PDF from `pdfUrl` (the shopper's
 * own order: the order's URL; the admin: the admin's). Amounts in paise.
 */
export const taxDocumentSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  /** `VS/26-27/000123`, `CN/26-27/000004`. */
  number: z.string(),
  /** Milliseconds since the epoch. */
  issuedAt: z.number().int(),
  totalPaise: z.number().int(),
  /** A credit note's invoice number; null for the invoice. */
  invoiceNumber: z.string().nullable(),
  pdfUrl: z.string(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

/** Download URLs: the shopper's, under their order; the admin's, for any document. */
export const taxDocumentPaths = {
  shopper: (orderId: string, documentId: string) => `/api/order/${orderId}/documents/${documentId}`,
  admin: (documentId: string) => `/api/admin/documents/${documentId}`,
} as const;

export const TAX_DOCUMENT_MESSAGES = {
  notFound: 'We could not find this document',
} as const;

/** `GET /api/order/:id/documents/:documentId`: a document of one of the shopper's orders. */
export const orderDocumentParamsSchema = z.object({
  id: z.uuid({ error: TAX_DOCUMENT_MESSAGES.notFound }),
  documentId: z.uuid({ error: TAX_DOCUMENT_MESSAGES.notFound }),
});

/** `GET /api/admin/documents/:documentId`: any document. */
export const documentIdParamsSchema = z.object({
  documentId: z.uuid({ error: TAX_DOCUMENT_MESSAGES.notFound }),
});

/**
 * The download's 200 for the reference: the PDF's bytes (`application/pdf`, sent as an attachment
 * named after the document's number). The route sends a Buffer, which Fastify passes through
 * without serialising it.
 */
export const taxDocumentPdfSchema = z
  .string()
  .meta({ format: 'binary', description: 'The PDF (application/pdf)' });

import type { TaxDocumentSummary } from '@vastra/shared/schemas/tax-documents';
import type { TaxDocumentRow } from '../../db/schema/tax-documents';

/** A document as the order pages list it; `all` are the order's documents (to name a credit note's invoice). */
export function toDocumentSummary(
  row: TaxDocumentRow,
  all: readonly TaxDocumentRow[],
  pdfUrl: string,
): TaxDocumentSummary {
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.getTime(),
    totalPaise: row.totalPaise,
    invoiceNumber: row.invoiceId ? (all.find((d) => d.id === row.invoiceId)?.number ?? null) : null,
    pdfUrl,
  };
}

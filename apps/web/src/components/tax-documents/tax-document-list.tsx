import { useRef, useState } from 'react';
import { formatPaise } from '@vastra/shared/pricing/money';
import type { TaxDocumentSummary } from '@vastra/shared/schemas/tax-documents';
import { Button } from '@/components/ui/button';
import { toastApiError } from '@/lib/api-client';
import { downloadDocument } from '@/lib/file-download';
import { documentKindLabel, TAX_DOCUMENT_TEXT } from './document-words';

/**
 * An order's invoice and credit notes, each with its PDF (docs/decisions/127-invoice-downloads.md):
 * the shopper's order page and the admin's list the same, each with its own `pdfUrl`. A download
 * shows its busy state on its own button; a failure is a toast with the API's words.
 */
export function TaxDocumentList({
  documents,
  pending,
  formatDate,
}: {
  documents: readonly TaxDocumentSummary[];
  /** What the invoice still waits for, in the page's words; null when nothing is awaited. */
  pending: string | null;
  /** The page's own way of writing a date (India's calendar on both). */
  formatDate: (ms: number) => string;
}) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // What is under way now, not as of the last render: a double click starts one download.
  const underWay = useRef(new Set<string>());

  const start = async (doc: TaxDocumentSummary) => {
    if (underWay.current.has(doc._id)) return;
    underWay.current.add(doc._id);
    setBusy((now) => new Set(now).add(doc._id));
    try {
      await downloadDocument(doc);
    } catch (error) {
      toastApiError(error);
    } finally {
      underWay.current.delete(doc._id);
      setBusy((now) => {
        const next = new Set(now);
        next.delete(doc._id);
        return next;
      });
    }
  };

  return (
    <>
      {pending && (
        <p data-testid="invoice-pending" className="text-muted">
          {pending}
        </p>
      )}
      {documents.length > 0 && (
        <ul data-testid="tax-documents" className="divide-y divide-line">
          {documents.map((doc) => {
            const working = busy.has(doc._id);
            return (
              <li
                key={doc._id}
                data-testid="tax-document"
                data-kind={doc.kind}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {documentKindLabel(doc.kind)}{' '}
                    <span data-testid="tax-document-number" className="tabular-nums">
                      {doc.number}
                    </span>
                  </p>
                  <p className="text-xs text-muted">
                    {doc.invoiceNumber && <>Against {doc.invoiceNumber} · </>}
                    <time dateTime={new Date(doc.issuedAt).toISOString()}>
                      {formatDate(doc.issuedAt)}
                    </time>
                    {' · '}
                    <span data-testid="tax-document-total" className="tabular-nums">
                      {formatPaise(doc.totalPaise)}
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-disabled={working}
                  aria-busy={working}
                  onClick={() => void start(doc)}
                >
                  {working ? TAX_DOCUMENT_TEXT.downloading : TAX_DOCUMENT_TEXT.download}{' '}
                  <span className="sr-only">
                    of {documentKindLabel(doc.kind)} {doc.number}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { documentNumber, financialYear } from '@vastra/shared/tax/document-number';
import type { TaxLine } from '@vastra/shared/tax/tax-lines';
import type { Database } from '../../db/client';
import {
  taxDocumentCounters,
  taxDocumentLines,
  taxDocuments,
  type NewTaxDocumentRow,
  type TaxDocumentKind,
  type TaxDocumentLineRow,
  type TaxDocumentRow,
} from '../../db/schema/tax-documents';

const SERIES_OF: Record<TaxDocumentKind, 'invoice' | 'creditNote'> = {
  invoice: 'invoice',
  credit_note: 'creditNote',
};

/**
 * The next number of a series in the financial year of `at`, taken in the caller's transaction
 * (docs/decisions/123-gst-invoices.md): one upsert that increments the counter row and returns the
 * new value. The row stays locked until the transaction ends, so concurrent issuers (several
 * server processes) take numbers one after the other; a rollback gives the number back.
 */
async function takeDocumentNumber(
  tx: Database,
  kind: TaxDocumentKind,
  at: Date,
): Promise<{ financialYear: string; sequence: number; number: string }> {
  const fy = financialYear(at);
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ kind, financialYear: fy, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ last: taxDocumentCounters.last });
  const sequence = row!.last;
  return { financialYear: fy, sequence, number: documentNumber(SERIES_OF[kind], fy, sequence) };
}

export type TaxDocumentDraft = Omit<
  NewTaxDocumentRow,
  | 'id'
  | 'number'
  | 'financialYear'
  | 'sequence'
  | 'taxablePaise'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
  | 'totalPaise'
>;

/**
 * Numbers and writes a document with its lines, in the caller's transaction; the totals are the
 * sums of the lines. Call it only once the document is certainly due: a number taken is a number
 * used, unless the whole transaction rolls back.
 */
export async function insertTaxDocument(
  tx: Database,
  draft: TaxDocumentDraft,
  lines: readonly TaxLine[],
): Promise<TaxDocumentRow> {
  const numbered = await takeDocumentNumber(tx, draft.kind, draft.issuedAt);
  const sum = (pick: (l: TaxLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  const [document] = await tx
    .insert(taxDocuments)
    .values({
      ...draft,
      ...numbered,
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      totalPaise: sum((l) => l.totalPaise),
    })
    .returning();
  if (lines.length > 0)
    await tx.insert(taxDocumentLines).values(
      lines.map((l, i) => ({
        documentId: document!.id,
        lineNo: i + 1,
        description: l.description,
        hsn: l.hsn,
        quantity: l.quantity,
        ratePercent: l.ratePercent,
        taxablePaise: l.taxablePaise,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
        totalPaise: l.totalPaise,
      })),
    );
  return document!;
}

/** An order's invoice and credit notes, oldest first. */
export function documentsOfOrder(db: Database, orderId: string): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.sequence));
}

/** A document's lines in order. */
export function linesOfDocument(db: Database, documentId: string): Promise<TaxDocumentLineRow[]> {
  return db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, documentId))
    .orderBy(asc(taxDocumentLines.lineNo));
}

/** The order's invoice, if it has one (one at most: a unique index). */
export async function invoiceOfOrder(
  db: Database,
  orderId: string,
): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row;
}

/** The credit note that went with a refund, if any (one at most: a unique index). */
export async function creditNoteOfRefund(
  db: Database,
  refundId: string,
): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.refundId, refundId));
  return row;
}

/** One document by id. */
export async function findTaxDocument(
  db: Database,
  id: string,
): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

/** The lines of every credit note written against an invoice. */
export function creditedLinesOf(db: Database, invoiceId: string): Promise<TaxDocumentLineRow[]> {
  return db
    .select({
      documentId: taxDocumentLines.documentId,
      lineNo: taxDocumentLines.lineNo,
      description: taxDocumentLines.description,
      hsn: taxDocumentLines.hsn,
      quantity: taxDocumentLines.quantity,
      ratePercent: taxDocumentLines.ratePercent,
      taxablePaise: taxDocumentLines.taxablePaise,
      cgstPaise: taxDocumentLines.cgstPaise,
      sgstPaise: taxDocumentLines.sgstPaise,
      igstPaise: taxDocumentLines.igstPaise,
      totalPaise: taxDocumentLines.totalPaise,
    })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(and(eq(taxDocuments.invoiceId, invoiceId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.sequence), asc(taxDocumentLines.lineNo));
}

import { and, gte, lt, eq, sql } from 'drizzle-orm';
import type { TaxAmounts, TaxReport, TaxReportFigures } from '@vastra/shared/schemas/tax-report';
import { stateByCode } from '@vastra/shared/tax/indian-states';
import { reportMonthBounds } from '@vastra/shared/tax/report-month';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  taxDocumentLines,
  taxDocuments,
  type TaxDocumentKind,
} from '../../db/schema/tax-documents';

/**
 * The monthly GST report (docs/decisions/125-gst-report.md). The sums come from the documents'
 * lines grouped in SQL by kind, place of supply and rate (the rate is the line's: one document may
 * carry 5 % and 18 % goods); the views by rate and by state add those few rows up, in integers.
 * A credit note's amounts are stored positive and subtracted in the net.
 */

const ZERO: TaxAmounts = {
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
};

function add(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise + b.taxablePaise,
    cgstPaise: a.cgstPaise + b.cgstPaise,
    sgstPaise: a.sgstPaise + b.sgstPaise,
    igstPaise: a.igstPaise + b.igstPaise,
    totalPaise: a.totalPaise + b.totalPaise,
  };
}

function subtract(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    totalPaise: a.totalPaise - b.totalPaise,
  };
}

interface GroupedSums extends TaxAmounts {
  kind: TaxDocumentKind;
  stateCode: string;
  ratePercent: number;
}

/** Invoices' and credit notes' sums of a group of rows, and their net. */
function figuresOf(rows: readonly GroupedSums[]): TaxReportFigures {
  let invoices = ZERO;
  let creditNotes = ZERO;
  for (const row of rows) {
    if (row.kind === 'invoice') invoices = add(invoices, row);
    else creditNotes = add(creditNotes, row);
  }
  return { invoices, creditNotes, net: subtract(invoices, creditNotes) };
}

/** The rows grouped by `keyOf`, in the order of their keys. */
function groupBy<K extends string | number>(
  rows: readonly GroupedSums[],
  keyOf: (row: GroupedSums) => K,
): [K, GroupedSums[]][] {
  const groups = new Map<K, GroupedSums[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A code the state table does not know keeps its code as its name (it is on the documents). */
const stateNameOf = (code: string) => stateByCode(code)?.name ?? `State code ${code}`;

/** A sum over integer columns: PostgreSQL answers bigint, sent as text; a month's fits a number. */
const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

export async function taxReportOf(db: Database, month: string, now: Date): Promise<TaxReport> {
  const { from, to } = reportMonthBounds(month);
  const inMonth = and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));

  const sums: GroupedSums[] = await db
    .select({
      kind: taxDocuments.kind,
      stateCode: taxDocuments.placeOfSupply,
      ratePercent: taxDocumentLines.ratePercent,
      taxablePaise: total(taxDocumentLines.taxablePaise),
      cgstPaise: total(taxDocumentLines.cgstPaise),
      sgstPaise: total(taxDocumentLines.sgstPaise),
      igstPaise: total(taxDocumentLines.igstPaise),
      totalPaise: total(taxDocumentLines.totalPaise),
    })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(inMonth)
    .groupBy(taxDocuments.kind, taxDocuments.placeOfSupply, taxDocumentLines.ratePercent);

  // The month's documents of each kind, numbered in order within one financial year (a month
  // never spans two), so the lowest and highest sequence are the first and last numbers.
  const ranges = await db
    .select({
      kind: taxDocuments.kind,
      count: sql<number>`count(*)`.mapWith(Number),
      firstNumber: sql<string>`(array_agg(${taxDocuments.number} order by ${taxDocuments.sequence}))[1]`,
      lastNumber: sql<string>`(array_agg(${taxDocuments.number} order by ${taxDocuments.sequence} desc))[1]`,
    })
    .from(taxDocuments)
    .where(inMonth)
    .groupBy(taxDocuments.kind);
  const rangeOf = (kind: TaxDocumentKind) => {
    const range = ranges.find((r) => r.kind === kind);
    return range
      ? { count: range.count, firstNumber: range.firstNumber, lastNumber: range.lastNumber }
      : { count: 0, firstNumber: null, lastNumber: null };
  };

  return {
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    timeZone: 'Asia/Kolkata',
    complete: now.getTime() >= to.getTime(),
    invoices: rangeOf('invoice'),
    creditNotes: rangeOf('credit_note'),
    totals: figuresOf(sums),
    byRate: groupBy(sums, (row) => row.ratePercent).map(([ratePercent, rows]) => ({
      ratePercent,
      ...figuresOf(rows),
    })),
    byState: groupBy(sums, (row) => row.stateCode).map(([stateCode, rows]) => ({
      stateCode,
      stateName: stateNameOf(stateCode),
      ...figuresOf(rows),
    })),
    byStateAndRate: groupBy(
      sums,
      (row) => `${row.stateCode}/${String(row.ratePercent).padStart(3, '0')}`,
    ).map(([, rows]) => ({
      stateCode: rows[0]!.stateCode,
      stateName: stateNameOf(rows[0]!.stateCode),
      ratePercent: rows[0]!.ratePercent,
      ...figuresOf(rows),
    })),
  };
}

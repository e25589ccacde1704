import { indianDay } from '../delivery/delivery-promise';

/**
 * Invoice and credit-note numbers (docs/decisions/123-gst-invoices.md): a series prefix, the
 * financial year (April to March, India's calendar) and a number counting from 1 in that year,
 * with no gaps: `VS/26-27/000123`. The law allows at most 16 characters of letters, digits,
 * `-` and `/`.
 */

export const DOCUMENT_SERIES = {
  invoice: 'VS',
  creditNote: 'CN',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

/** `26-27` for any day from 1 April 2026 to 31 March 2027 in India. */
export function financialYear(at: Date): string {
  const [year, month] = indianDay(at.getTime()).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** `VS/26-27/000123`; throws past the 16-character limit (a seventh digit still fits). */
export function documentNumber(kind: DocumentKind, fy: string, sequence: number): string {
  const number = `${DOCUMENT_SERIES[kind]}/${fy}/${String(sequence).padStart(6, '0')}`;
  if (!Number.isSafeInteger(sequence) || sequence < 1 || !DOCUMENT_NUMBER_PATTERN.test(number))
    throw new RangeError(`No document number for ${kind} ${fy} #${sequence}`);
  return number;
}

/**
 * The file a document is saved under: `VS/26-27/000123` → `VS-26-27-000123.pdf`, a name every
 * system can save (no `/`). The API's Content-Disposition and mail attachment and the
 * storefront's download use this one rule, so the two names never differ.
 */
export function documentFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

import type { TaxAmounts, TaxReport, TaxReportFigures } from '@vastra/shared/schemas/tax-report';

/**
 * The GST report as one CSV table (docs/decisions/125-gst-report.md): a header row, then one row
 * per view, place of supply, rate and document kind, so a spreadsheet can filter or pivot on any
 * column. Amounts in rupees with two decimals, written from the integer paise (no float money).
 */

const HEADER = [
  'Month',
  'View',
  'Documents',
  'State code',
  'Place of supply',
  'Rate (%)',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Total (INR)',
  'Count',
  'First number',
  'Last number',
] as const;

/** 123456 paise → `1234.56`; -5 → `-0.05`. */
export function rupeesOf(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell, safe to open in a spreadsheet: one that starts like a formula (= + - @, or a tab
 * or carriage return before one) gets a leading apostrophe, so it is shown, never run; a comma,
 * quote or line break puts it in quotes. Amounts are not text: they are numbers we wrote.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Cell = { text: string } | { paise: number } | { count: number } | null;

const text = (value: string): Cell => ({ text: value });

function cellOf(cell: Cell): string {
  if (cell === null) return '';
  if ('text' in cell) return textCell(cell.text);
  if ('paise' in cell) return rupeesOf(cell.paise);
  return String(cell.count);
}

const amounts = (a: TaxAmounts): Cell[] => [
  { paise: a.taxablePaise },
  { paise: a.cgstPaise },
  { paise: a.sgstPaise },
  { paise: a.igstPaise },
  { paise: a.totalPaise },
];

const KINDS = [
  ['invoices', 'Invoices'],
  ['creditNotes', 'Credit notes'],
  ['net', 'Net'],
] as const;

export function taxReportCsv(report: TaxReport): string {
  const rows: Cell[][] = [];
  const figures = (
    view: string,
    place: { stateCode: string; stateName: string } | null,
    rate: number | null,
    of: TaxReportFigures,
  ) => {
    for (const [key, label] of KINDS)
      rows.push([
        text(report.month),
        text(view),
        text(label),
        place ? text(place.stateCode) : null,
        place ? text(place.stateName) : null,
        rate === null ? null : { count: rate },
        ...amounts(of[key]),
        null,
        null,
        null,
      ]);
  };

  for (const row of report.byStateAndRate)
    figures('By place of supply and rate', row, row.ratePercent, row);
  for (const row of report.byRate) figures('By rate', null, row.ratePercent, row);
  for (const row of report.byState) figures('By place of supply', row, null, row);
  // The month's totals, with how many documents of each kind and their number range.
  for (const [key, label] of KINDS) {
    const range =
      key === 'invoices' ? report.invoices : key === 'creditNotes' ? report.creditNotes : null;
    rows.push([
      text(report.month),
      text('Total'),
      text(label),
      null,
      null,
      null,
      ...amounts(report.totals[key]),
      range ? { count: range.count } : null,
      range?.firstNumber ? text(range.firstNumber) : null,
      range?.lastNumber ? text(range.lastNumber) : null,
    ]);
  }

  const lines = [HEADER.map(textCell).join(','), ...rows.map((row) => row.map(cellOf).join(','))];
  // RFC 4180's line ends. Plain ASCII (rupees as INR), so any spreadsheet reads it without a BOM.
  return `${lines.join('\r\n')}\r\n`;
}

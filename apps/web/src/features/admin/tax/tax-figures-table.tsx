import type { TaxAmounts } from '@vastra/shared/schemas/tax-report';
import { StockCell, StockRow, StockTable } from '../stock/stock-table';
import { formatReportPaise } from './tax-format';

export interface TaxFiguresRow {
  key: string;
  /** `5 %`, `Karnataka (29)`. */
  label: string;
  amounts: TaxAmounts;
}

const COLUMNS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'] as const;
const valuesOf = (a: TaxAmounts) => [
  a.taxablePaise,
  a.cgstPaise,
  a.sgstPaise,
  a.igstPaise,
  a.totalPaise,
];

/**
 * One view of the GST report (by rate, by place of supply), titled, with its total row: the stock screens'
 * table, a real table from 640 px and a card per row on a phone (a line per figure), where six columns of rupees do
 * not fit 360 px.
 */
export function TaxFiguresTable({
  title,
  caption,
  first,
  rows,
  total,
  testId,
}: {
  title: string;
  caption: string;
  first: string;
  rows: readonly TaxFiguresRow[];
  total: Omit<TaxFiguresRow, 'key'>;
  testId: string;
}) {
  return (
    <section aria-labelledby={`${testId}-title`} className="mb-8">
      <h2 id={`${testId}-title`} className="mb-3 font-serif text-xl">
        {title}
      </h2>
      <StockTable caption={caption} headings={[first, ...COLUMNS]} numeric={COLUMNS}>
        {[...rows, { ...total, key: 'total' }].map((row) => (
          <StockRow key={row.key} testId={row.key === 'total' ? `${testId}-total` : testId}>
            <StockCell label={first}>
              <span className={row.key === 'total' ? 'font-medium' : ''}>{row.label}</span>
            </StockCell>
            {valuesOf(row.amounts).map((paise, n) => (
              <StockCell key={COLUMNS[n]} label={COLUMNS[n]!} align="right">
                <span className={`tabular-nums ${row.key === 'total' ? 'font-medium' : ''}`}>
                  {formatReportPaise(paise)}
                </span>
              </StockCell>
            ))}
          </StockRow>
        ))}
      </StockTable>
    </section>
  );
}

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TaxAmounts, TaxReport } from '@vastra/shared/schemas/tax-report';
import {
  indiaMonthOf,
  parseReportMonth,
  reportMonthLabel,
  shiftReportMonth,
} from '@vastra/shared/tax/report-month';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { taxReportKey } from '../admin-keys';
import { downloadTaxReportCsv, getTaxReport } from '../api/admin-calls';
import { beforeData, Figure, PageHeading, reloadError, Toggle } from '../ui';
import { TaxFiguresTable, type TaxFiguresRow } from './tax-figures-table';
import { formatReportPaise } from './tax-format';

export type TaxReportSide = 'net' | 'invoices' | 'creditNotes';

const SIDE_LABELS: Record<TaxReportSide, string> = {
  net: 'Net',
  invoices: 'Invoices',
  creditNotes: 'Credit notes',
};

const taxOf = (a: TaxAmounts) => a.cgstPaise + a.sgstPaise + a.igstPaise;

const rangeNote = (range: TaxReport['invoices']) =>
  range.firstNumber === null
    ? 'None issued'
    : range.firstNumber === range.lastNumber
      ? range.firstNumber
      : `${range.firstNumber} to ${range.lastNumber}`;

/** The month in the address (`?month=2026-11`), else the month it is now in India. */
function monthOf(params: URLSearchParams): string {
  const month = params.get('month') ?? '';
  return parseReportMonth(month) ? month : indiaMonthOf(new Date());
}

/**
 * /admin/tax: the monthly GST report (docs/decisions/125-gst-report.md): the month's invoices and
 * credit notes by rate and by place of supply, netted or each on its own, as the accountant
 * files them (GSTR-1's B2C table, GSTR-3B), and the same as a CSV file.
 */
export function TaxReportPage() {
  useDocumentMeta('Admin · GST report');
  const [params, setParams] = useSearchParams();
  const month = monthOf(params);
  const label = reportMonthLabel(month);
  const report = useQuery(taxReportKey(month), (signal) => getTaxReport(month, signal));
  const [side, setSide] = useState<TaxReportSide>('net');
  const [downloading, setDownloading] = useState(false);
  const monthId = useId();

  const goTo = (next: string) =>
    setParams(next === indiaMonthOf(new Date()) ? {} : { month: next });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTaxReportCsv(month);
    } catch (error) {
      toastApiError(error);
    } finally {
      setDownloading(false);
    }
  };

  const data = report.data;
  let body;
  if (data === undefined) body = beforeData(report, 'the GST report');
  else if (data.invoices.count === 0 && data.creditNotes.count === 0)
    body = (
      <EmptyPanel
        title={`No invoices in ${label}`}
        text="An invoice is issued when an online order is paid or a cash-on-delivery order is delivered; a credit note with each refund."
      />
    );
  else body = <ReportBody report={data} side={side} onSide={setSide} fetching={report.fetching} />;

  return (
    <>
      <PageHeading
        title="GST report"
        text="What the month’s tax invoices and credit notes add up to, in India’s calendar, for the monthly returns (GSTR-1 B2C, GSTR-3B)."
        actions={
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={downloading}
            aria-describedby={monthId}
          >
            {downloading ? 'Downloading…' : 'Download CSV'}
          </Button>
        }
      />
      <div className="mb-6 flex flex-wrap items-end gap-2">
        <Button
          variant="secondary"
          onClick={() => goTo(shiftReportMonth(month, -1))}
          aria-label={`Previous month, ${reportMonthLabel(shiftReportMonth(month, -1))}`}
        >
          ‹ Previous
        </Button>
        <label className="flex flex-col gap-1 text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
          Month
          <input
            type="month"
            value={month}
            required
            onChange={(event) => {
              if (parseReportMonth(event.target.value)) goTo(event.target.value);
            }}
            className="h-10 border border-field bg-white px-3 text-sm tracking-normal text-ink normal-case"
          />
        </label>
        <Button
          variant="secondary"
          onClick={() => goTo(shiftReportMonth(month, 1))}
          aria-label={`Next month, ${reportMonthLabel(shiftReportMonth(month, 1))}`}
        >
          Next ›
        </Button>
        <h2 id={monthId} data-testid="tax-report-month" className="ml-1 font-serif text-xl sm:ml-3">
          {label}
        </h2>
      </div>
      {reloadError(report, 'the GST report')}
      {body}
    </>
  );
}

function ReportBody({
  report,
  side,
  onSide,
  fetching,
}: {
  report: TaxReport;
  side: TaxReportSide;
  onSide: (side: TaxReportSide) => void;
  fetching: boolean;
}) {
  const { net } = report.totals;
  const byRate: TaxFiguresRow[] = report.byRate.map((row) => ({
    key: String(row.ratePercent),
    label: `${row.ratePercent} %`,
    amounts: row[side],
  }));
  const byState: TaxFiguresRow[] = report.byState.map((row) => ({
    key: row.stateCode,
    label: `${row.stateName} (${row.stateCode})`,
    amounts: row[side],
  }));
  const total = { label: 'Total', amounts: report.totals[side] };
  const what = SIDE_LABELS[side].toLowerCase();
  return (
    <div aria-busy={fetching} className={fetching ? 'opacity-60' : ''}>
      {!report.complete && (
        <p role="note" className="mb-4 border border-line bg-white/70 px-4 py-3 text-sm">
          {reportMonthLabel(report.month)} is not over yet: these figures will still change.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {(
          [
            ['Invoices', report.invoices, 'tax-report-invoices'],
            ['Credit notes', report.creditNotes, 'tax-report-credit-notes'],
          ] as const
        ).map(([label, range, testId]) => (
          <Figure
            key={testId}
            label={label}
            value={String(range.count)}
            note={rangeNote(range)}
            testId={testId}
            compact
          />
        ))}
        <Figure
          label="Net taxable value"
          value={formatReportPaise(net.taxablePaise)}
          testId="tax-report-net-taxable"
          compact
        />
        <Figure
          label="Net tax"
          value={formatReportPaise(taxOf(net))}
          note={`CGST ${formatReportPaise(net.cgstPaise)} · SGST ${formatReportPaise(net.sgstPaise)} · IGST ${formatReportPaise(net.igstPaise)}`}
          testId="tax-report-net-tax"
          compact
        />
      </dl>
      <div className="mt-8 mb-4 flex flex-wrap items-center justify-between gap-3">
        <Toggle
          label="Figures"
          options={(['net', 'invoices', 'creditNotes'] as const).map((s) => [s, SIDE_LABELS[s]])}
          value={side}
          onChange={onSide}
        />
        <p className="text-xs text-muted">Net is invoices less credit notes. Amounts in rupees.</p>
      </div>
      <TaxFiguresTable
        title="By rate"
        caption={`By GST rate, ${what}`}
        first="Rate"
        rows={byRate}
        total={total}
        testId="tax-by-rate"
      />
      <TaxFiguresTable
        title="By place of supply"
        caption={`By place of supply, ${what}`}
        first="State"
        rows={byState}
        total={total}
        testId="tax-by-state"
      />
    </div>
  );
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TaxAmounts, TaxReport } from '@vastra/shared/schemas/tax-report';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { TaxReportPage } from './tax-report-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const amounts = (taxable: number, cgst: number, sgst: number, igst: number): TaxAmounts => ({
  taxablePaise: taxable,
  cgstPaise: cgst,
  sgstPaise: sgst,
  igstPaise: igst,
  totalPaise: taxable + cgst + sgst + igst,
});
const NONE = amounts(0, 0, 0, 0);

// November 2026: a ₹2,499 shirt within Karnataka at 5 %, a ₹2,999 one to Maharashtra at 18 %,
// returned (its credit note).
const five = amounts(238_000, 5_950, 5_950, 0);
const eighteen = amounts(254_153, 0, 0, 45_747);
const november: TaxReport = {
  month: '2026-11',
  from: '2026-10-31T18:30:00.000Z',
  to: '2026-11-30T18:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  complete: true,
  invoices: { count: 2, firstNumber: 'VS/26-27/000002', lastNumber: 'VS/26-27/000003' },
  creditNotes: { count: 1, firstNumber: 'CN/26-27/000001', lastNumber: 'CN/26-27/000001' },
  totals: {
    invoices: amounts(492_153, 5_950, 5_950, 45_747),
    creditNotes: eighteen,
    net: five,
  },
  byRate: [
    { ratePercent: 5, invoices: five, creditNotes: NONE, net: five },
    { ratePercent: 18, invoices: eighteen, creditNotes: eighteen, net: NONE },
  ],
  byState: [
    {
      stateCode: '27',
      stateName: 'Maharashtra',
      invoices: eighteen,
      creditNotes: eighteen,
      net: NONE,
    },
    { stateCode: '29', stateName: 'Karnataka', invoices: five, creditNotes: NONE, net: five },
  ],
  byStateAndRate: [],
};

const empty = (month: string): TaxReport => ({
  ...november,
  month,
  complete: false,
  invoices: { count: 0, firstNumber: null, lastNumber: null },
  creditNotes: { count: 0, firstNumber: null, lastNumber: null },
  totals: { invoices: NONE, creditNotes: NONE, net: NONE },
  byRate: [],
  byState: [],
});

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

function renderReport(entry = '/admin/tax?month=2026-11') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/admin/tax"
          element={
            <>
              <TaxReportPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('<TaxReportPage>', () => {
  it('shows the month’s counts and net figures, and the tables by rate and by place of supply', async () => {
    const spy = answerCalls(() => ({ success: true, report: november }));
    renderReport();
    expect((await screen.findByTestId('tax-report-invoices')).textContent).toBe('2');
    expect(sentTo(spy, 'taxReport.adminReport')[0]!.query).toEqual({ month: '2026-11' });
    expect(screen.getByTestId('tax-report-month').textContent).toBe('November 2026');
    expect(screen.getByText('VS/26-27/000002 to VS/26-27/000003')).toBeTruthy();
    expect(screen.getByTestId('tax-report-credit-notes').textContent).toBe('1');
    expect(screen.getByTestId('tax-report-net-taxable').textContent).toBe('₹2,380.00');
    expect(screen.getByTestId('tax-report-net-tax').textContent).toBe('₹119.00');

    const byRate = screen.getByRole('table', { name: 'By GST rate, net' });
    const [five, eighteen] = within(byRate).getAllByTestId('tax-by-rate') as [
      HTMLElement,
      HTMLElement,
    ];
    // On a phone each cell carries its column's name; the table's header says it from 640 px.
    expect(cells(five)).toEqual([
      'Rate5 %',
      'Taxable value₹2,380.00',
      'CGST₹59.50',
      'SGST₹59.50',
      'IGST₹0.00',
      'Total₹2,499.00',
    ]);
    expect(cells(eighteen)[5]).toBe('Total₹0.00');
    expect(cells(within(byRate).getByTestId('tax-by-rate-total'))[5]).toBe('Total₹2,499.00');

    const byState = screen.getByRole('table', { name: 'By place of supply, net' });
    expect(
      within(byState)
        .getAllByTestId('tax-by-state')
        .map((row) => cells(row)[0]),
    ).toEqual(['StateMaharashtra (27)', 'StateKarnataka (29)']);

    // The credit notes on their own: the returned shirt's IGST.
    fireEvent.click(screen.getByRole('button', { name: 'Credit notes' }));
    const credited = screen.getByRole('table', { name: 'By GST rate, credit notes' });
    expect(cells(within(credited).getAllByTestId('tax-by-rate')[1]!)).toEqual([
      'Rate18 %',
      'Taxable value₹2,541.53',
      'CGST₹0.00',
      'SGST₹0.00',
      'IGST₹457.47',
      'Total₹2,999.00',
    ]);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('moves a month back and forth, and to a month typed in the picker', async () => {
    const spy = answerCalls((_, sent) => {
      const month = (sent.query as { month: string }).month;
      return { success: true, report: month === '2026-11' ? november : empty(month) };
    });
    renderReport();
    await screen.findByTestId('tax-report-invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month, October 2026' }));
    await screen.findByText('No invoices in October 2026');
    expect(screen.getByTestId('address').textContent).toBe('?month=2026-10');
    fireEvent.click(screen.getByRole('button', { name: 'Next month, November 2026' }));
    await screen.findByTestId('tax-report-invoices');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2025-03' } });
    await screen.findByText('No invoices in March 2025');
    const months = sentTo(spy, 'taxReport.adminReport').map((sent) => sent.query);
    expect(months).toContainEqual({ month: '2026-10' });
    expect(months.at(-1)).toEqual({ month: '2025-03' });
  });

  it('opens on the month it is in India, and says the running month is not over', async () => {
    // 1 December 2026 00:00 in India, still 30 November in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:30:00Z'));
    const spy = answerCalls(() => ({
      success: true,
      report: { ...november, month: '2026-12', complete: false },
    }));
    renderReport('/admin/tax');
    await screen.findByTestId('tax-report-invoices');
    expect(sentTo(spy, 'taxReport.adminReport')[0]!.query).toEqual({ month: '2026-12' });
    expect(screen.getByRole('note').textContent).toBe(
      'December 2026 is not over yet: these figures will still change.',
    );
  });

  it('shows the error with a retry when the report cannot be loaded', async () => {
    let fail = true;
    answerCalls(() => {
      if (fail)
        throw new ApiError('http', 'Something went wrong', {
          status: 500,
          serverMessage: 'Something went wrong',
        });
      return { success: true, report: november };
    });
    renderReport();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the GST report.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(screen.getByTestId('tax-report-invoices').textContent).toBe('2'));
  });
});

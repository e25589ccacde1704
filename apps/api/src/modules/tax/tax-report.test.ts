import { beforeEach, describe, expect, it } from 'vitest';
import { taxReportResponseSchema, type TaxAmounts } from '@vastra/shared/schemas/tax-report';
import { splitTax, type TaxLine } from '@vastra/shared/tax/tax-lines';
import type { TaxDocumentRow } from '../../db/schema/tax-documents';
import { manualClock } from '../../lib/clock';
import { insertOrder, loggedInAdmin, loggedInShopper } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { insertTaxDocument } from './tax-documents.repository';

/*
 * The admin's monthly GST report (docs/decisions/125-gst-report.md), against documents written
 * with the contract's insertTaxDocument: sums by rate and by place of supply, a credit note
 * netted, and India's month boundaries (1 November 00:00 IST is 31 October 18:30 UTC; 1 December
 * 00:00 IST is 30 November 18:30 UTC).
 */

const SELLER = {
  legalName: 'Vastra Test Pvt Ltd',
  address: '1 MG Road, Bengaluru, Karnataka 560001',
  stateCode: '29',
  stateName: 'Karnataka',
  gstin: '29ABCDE1234F1Z5',
  signatory: 'A. Owner',
};

const line = (ratePercent: number, totalPaise: number, intraState: boolean): TaxLine => ({
  description: `Shirt at ${ratePercent} %`,
  hsn: '620520',
  quantity: 1,
  ratePercent,
  ...splitTax(totalPaise, ratePercent, intraState),
});

const amounts = (
  taxablePaise: number,
  cgstPaise: number,
  sgstPaise: number,
  igstPaise: number,
  totalPaise: number,
): TaxAmounts => ({ taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise });
const NONE = amounts(0, 0, 0, 0, 0);

describe('GET /api/admin/tax-report', () => {
  // 10 December 2026 in India: November is complete, December is not.
  const t = useTestApp({ deps: { clock: manualClock(new Date('2026-12-10T06:00:00Z')) } });
  let admin: { token: string; userId: string };

  async function issue(
    kind: 'invoice' | 'credit_note',
    issuedAt: string,
    placeOfSupply: string,
    lines: TaxLine[],
    invoice?: TaxDocumentRow,
  ): Promise<TaxDocumentRow> {
    const orderId = invoice?.orderId ?? (await insertOrder(t.db, admin.userId)).id;
    return t.db.transaction((tx) =>
      insertTaxDocument(
        tx,
        {
          kind,
          orderId,
          invoiceId: invoice?.id ?? null,
          issuedAt: new Date(issuedAt),
          seller: SELLER,
          buyer: { name: 'Asha Rao', address: 'Somewhere', phone: '9876543210', email: 'a@b.in' },
          placeOfSupply,
        },
        lines,
      ),
    );
  }

  const report = (month: string, token = admin.token) =>
    t.app.inject({ url: `/api/admin/tax-report?month=${month}`, headers: { token } });

  beforeEach(async () => {
    admin = await loggedInAdmin(t.app, t.db);
  });

  /** October's last instant, November's invoices and credit note, December's first instant. */
  async function november() {
    await issue('invoice', '2026-10-31T18:29:59.999Z', '29', [line(5, 50_000, true)]);
    // 1 November 00:00 IST: a ₹2,499 shirt at 5 % within Karnataka (CGST + SGST).
    await issue('invoice', '2026-10-31T18:30:00Z', '29', [line(5, 249_900, true)]);
    // To Maharashtra (IGST): a ₹2,999 shirt at 18 % and a ₹1,299 one at 5 %; the 18 % one returned.
    const toMumbai = await issue('invoice', '2026-11-12T10:00:00Z', '27', [
      line(18, 299_900, false),
      line(5, 129_900, false),
    ]);
    await issue('credit_note', '2026-11-20T10:00:00Z', '27', [line(18, 299_900, false)], toMumbai);
    // 30 November 23:59:59 IST: still November.
    await issue('invoice', '2026-11-30T18:29:59Z', '29', [line(5, 100_000, true)]);
    // 1 December 00:00 IST: December's.
    await issue('invoice', '2026-11-30T18:30:00Z', '29', [line(18, 350_000, true)]);
  }

  it('sums the month’s lines by rate and by place of supply, credit notes netted, in India’s calendar', async () => {
    await november();
    const res = await report('2026-11');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(taxReportResponseSchema.parse(body)).toEqual(body);
    const r = taxReportResponseSchema.parse(body).report;

    expect(r).toMatchObject({
      month: '2026-11',
      from: '2026-10-31T18:30:00.000Z',
      to: '2026-11-30T18:30:00.000Z',
      timeZone: 'Asia/Kolkata',
      complete: true,
      // October's invoice took number 1, December's number 5.
      invoices: { count: 3, firstNumber: 'VS/26-27/000002', lastNumber: 'VS/26-27/000004' },
      creditNotes: { count: 1, firstNumber: 'CN/26-27/000001', lastNumber: 'CN/26-27/000001' },
    });

    // ₹2,499 at 5 % intra-state: CGST = SGST = ₹59.50, taxable ₹2,380. ₹1,299 at 5 % inter-state:
    // IGST ₹61.86. ₹1,000 at 5 % intra-state: ₹23.81 each. ₹2,999 at 18 % inter-state: IGST ₹457.47.
    const fivePercent = amounts(
      238_000 + 123_714 + 95_238,
      5_950 + 2_381,
      5_950 + 2_381,
      6_186,
      479_800,
    );
    const eighteenInvoiced = amounts(254_153, 0, 0, 45_747, 299_900);
    expect(r.byRate).toEqual([
      { ratePercent: 5, invoices: fivePercent, creditNotes: NONE, net: fivePercent },
      { ratePercent: 18, invoices: eighteenInvoiced, creditNotes: eighteenInvoiced, net: NONE },
    ]);

    const karnataka = amounts(238_000 + 95_238, 8_331, 8_331, 0, 349_900);
    expect(r.byState).toEqual([
      {
        stateCode: '27',
        stateName: 'Maharashtra',
        invoices: amounts(254_153 + 123_714, 0, 0, 45_747 + 6_186, 429_800),
        creditNotes: eighteenInvoiced,
        net: amounts(123_714, 0, 0, 6_186, 129_900),
      },
      {
        stateCode: '29',
        stateName: 'Karnataka',
        invoices: karnataka,
        creditNotes: NONE,
        net: karnataka,
      },
    ]);

    expect(
      r.byStateAndRate.map((row) => [row.stateCode, row.ratePercent, row.net.totalPaise]),
    ).toEqual([
      ['27', 5, 129_900],
      ['27', 18, 0],
      ['29', 5, 349_900],
    ]);
    expect(r.totals).toEqual({
      invoices: amounts(711_105, 8_331, 8_331, 51_933, 779_700),
      creditNotes: eighteenInvoiced,
      net: amounts(456_952, 8_331, 8_331, 6_186, 479_800),
    });
  });

  it('takes the first instant of December into December’s report, and leaves the running month incomplete', async () => {
    await november();
    const r = taxReportResponseSchema.parse((await report('2026-12')).json()).report;
    expect(r.complete).toBe(false);
    expect(r.invoices).toEqual({
      count: 1,
      firstNumber: 'VS/26-27/000005',
      lastNumber: 'VS/26-27/000005',
    });
    expect(r.creditNotes).toEqual({ count: 0, firstNumber: null, lastNumber: null });
    expect(r.byRate.map((row) => [row.ratePercent, row.net.totalPaise])).toEqual([[18, 350_000]]);
  });

  it('answers a month without documents, a future one too, empty', async () => {
    await november();
    for (const month of ['2026-09', '2031-04']) {
      const res = await report(month);
      expect(res.statusCode, res.body).toBe(200);
      const r = taxReportResponseSchema.parse(res.json()).report;
      expect(r).toMatchObject({
        month,
        invoices: { count: 0, firstNumber: null, lastNumber: null },
        creditNotes: { count: 0 },
        totals: { invoices: NONE, creditNotes: NONE, net: NONE },
        byRate: [],
        byState: [],
        byStateAndRate: [],
      });
    }
  });

  it.each([
    ['no month', ''],
    ['an empty month', '?month='],
    ['month 13', '?month=2026-13'],
    ['month 00', '?month=2026-00'],
    ['words', '?month=abc'],
    ['a one-digit month', '?month=2026-1'],
    ['a date', '?month=2026-11-01'],
    ['year 0026', '?month=0026-11'],
  ])('refuses %s with 400 and a plain message, as JSON and as CSV', async (_, query) => {
    for (const url of [`/api/admin/tax-report${query}`, `/api/admin/tax-report.csv${query}`]) {
      const res = await t.app.inject({ url, headers: { token: admin.token } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Please give the month as YYYY-MM, for example 2026-11',
      });
    }
  });

  it('is the admin’s: 401 without a session, 403 for a shopper', async () => {
    const shopper = await loggedInShopper(t.app, t.db);
    for (const url of [
      '/api/admin/tax-report?month=2026-11',
      '/api/admin/tax-report.csv?month=2026-11',
    ]) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(anonymous.json().success).toBe(false);
      const refused = await t.app.inject({ url, headers: { token: shopper.token } });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().success).toBe(false);
    }
  });

  it('downloads the report as a CSV file: rupees with two decimals, one row per view, place, rate and kind', async () => {
    await november();
    const res = await t.app.inject({
      url: '/api/admin/tax-report.csv?month=2026-11',
      headers: { token: admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vastra-gst-2026-11.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Month,View,Documents,State code,Place of supply,Rate (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Total (INR),Count,First number,Last number',
    );
    // 3 place-and-rate rows, 2 rates, 2 states, the totals: each as invoices, credit notes, net.
    expect(lines).toHaveLength(1 + (3 + 2 + 2 + 1) * 3 + 1);
    expect(lines).toContain(
      '2026-11,By place of supply and rate,Net,27,Maharashtra,5,1237.14,0.00,0.00,61.86,1299.00,,,',
    );
    expect(lines).toContain(
      '2026-11,By rate,Credit notes,,,18,2541.53,0.00,0.00,457.47,2999.00,,,',
    );
    expect(lines).toContain('2026-11,By rate,Net,,,18,0.00,0.00,0.00,0.00,0.00,,,');
    expect(lines).toContain(
      '2026-11,By place of supply,Invoices,29,Karnataka,,3332.38,83.31,83.31,0.00,3499.00,,,',
    );
    expect(lines).toContain(
      '2026-11,Total,Invoices,,,,7111.05,83.31,83.31,519.33,7797.00,3,VS/26-27/000002,VS/26-27/000004',
    );
    expect(lines).toContain(
      '2026-11,Total,Credit notes,,,,2541.53,0.00,0.00,457.47,2999.00,1,CN/26-27/000001,CN/26-27/000001',
    );
    expect(lines).toContain('2026-11,Total,Net,,,,4569.52,83.31,83.31,61.86,4798.00,,,');
  });

  it('writes a negative net as a number, and a text cell that starts like a formula as text', async () => {
    // A credit note in December against November's invoice: December's net is negative. The place
    // of supply is text on the document; one that looks like a formula must not run as one.
    const invoice = await issue('invoice', '2026-11-12T10:00:00Z', '=HYPERLINK("x")', [
      line(5, 10_050, false),
    ]);
    await issue(
      'credit_note',
      '2026-12-02T10:00:00Z',
      '=HYPERLINK("x")',
      [line(5, 10_050, false)],
      invoice,
    );
    const res = await t.app.inject({
      url: '/api/admin/tax-report.csv?month=2026-12',
      headers: { token: admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(
      `2026-12,By place of supply,Net,"'=HYPERLINK(""x"")","State code =HYPERLINK(""x"")",,-95.71,0.00,0.00,-4.79,-100.50,,,`,
    );
  });
});

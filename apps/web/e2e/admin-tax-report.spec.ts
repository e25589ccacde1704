// The shop owner's monthly GST report (docs/decisions/125-gst-report.md), driven in Chromium on the
// built storefront served by the real server: a cash-on-delivery order to Sikkim, delivered (so
// invoiced) through the shop's own API, shows in this month's report by place of supply, and the
// CSV downloads with the same figures. Sikkim is this journey's own: no other journey delivers
// there, so its row holds this order alone while other journeys run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TaxReport } from '@vastra/shared/schemas/tax-report';
import { indiaMonthOf, reportMonthLabel } from '@vastra/shared/tax/report-month';
import {
  addProduct,
  adminGet,
  adminPage,
  deliverOrder,
  noSidewaysScroll,
  snapAt,
} from './support/admin';
import { DELIVERY_ADDRESS, orderDetail, placeCodOrder } from './support/orders';
import { loggedInShopper } from './support/shopper';

const GANGTOK = {
  ...DELIVERY_ADDRESS,
  street: '3 MG Marg',
  city: 'Gangtok',
  state: 'Sikkim',
  zipcode: '737101',
};

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

describe('admin GST report', () => {
  it('shows a delivered order’s invoice by place of supply, and downloads the month as CSV', async () => {
    const product = await addProduct(`Report Shirt ${crypto.randomBytes(3).toString('hex')}`, {
      M: 2,
    });
    const shopper = await loggedInShopper({ name: 'Tsering Dolma' });
    const orderId = await placeCodOrder(
      shopper.token,
      [{ itemId: product._id, size: 'M', quantity: 1 }],
      GANGTOK,
    );
    await deliverOrder(orderId);
    const order = await orderDetail(shopper.token, orderId);
    const invoice = order.documents.find((d) => d.kind === 'invoice');
    expect(invoice, 'the delivered order is invoiced').toBeDefined();

    const month = indiaMonthOf(new Date());
    const { page } = await adminPage();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'GST report' })
      .click();
    await page.getByRole('heading', { name: 'GST report', level: 1 }).waitFor();
    expect(await page.getByTestId('tax-report-month').innerText()).toBe(reportMonthLabel(month));
    expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe(month);

    // Sikkim's row is this order's invoice: ₹1,299 and delivery, inter-state from the seller's
    // Karnataka, so all IGST.
    const byState = page.getByRole('table', { name: 'By place of supply, net' });
    const gangtok = byState.getByTestId('tax-by-state').filter({ hasText: 'Sikkim (11)' });
    await gangtok.waitFor();
    const cells = await gangtok.getByRole('cell').allInnerTexts();
    const report = (
      await adminGet<{ report: TaxReport }>(page, `/api/admin/tax-report?month=${month}`)
    ).report;
    const sikkim = report.byState.find((row) => row.stateCode === '11')!;
    expect(sikkim.invoices.totalPaise).toBe(invoice!.totalPaise);
    expect(sikkim.invoices.totalPaise).toBe(order.amount * 100);
    expect(sikkim.invoices.cgstPaise).toBe(0);
    expect(sikkim.invoices.igstPaise).toBeGreaterThan(0);
    expect(cells.map((cell) => cell.replace(/\s+/g, ' ').trim()).slice(1)).toEqual(
      [sikkim.net.taxablePaise, 0, 0, sikkim.net.igstPaise, sikkim.net.totalPaise].map((paise) =>
        expect.stringContaining(rupees.format(paise / 100)),
      ),
    );
    expect(
      Number(await page.getByTestId('tax-report-invoices').innerText()),
    ).toBeGreaterThanOrEqual(1);
    await snapAt(page, 'admin-tax-report', 1366);

    // The CSV, fetched with the admin's session and saved as a file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`vastra-gst-${month}.csv`);
    // The browser runs apart from the test: the file comes over its connection.
    const saved = path.join(os.tmpdir(), `${crypto.randomUUID()}-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const csv = fs.readFileSync(saved, 'utf8');
    fs.rmSync(saved);
    expect(csv.split('\r\n')[0]).toMatch(/^Month,View,Documents,State code,Place of supply,Rate/);
    const total = (sikkim.net.totalPaise / 100).toFixed(2);
    expect(csv).toMatch(
      new RegExp(
        `^${month},By place of supply,Net,11,Sikkim,,[\\d.]+,0\\.00,0\\.00,[\\d.]+,${total.replace('.', '\\.')},,,$`,
        'm',
      ),
    );

    // The month before: another month's figures, or its empty state.
    await page.getByRole('button', { name: /^Previous month/ }).click();
    await page.waitForURL(/\?month=\d{4}-\d{2}$/);
    await snapAt(page, 'admin-tax-report', 360);
    await noSidewaysScroll(page, 'mobile');
    await page.getByRole('button', { name: /^Next month/ }).click();
    await gangtok.waitFor();
    await snapAt(page, 'admin-tax-report-current', 360);
    await noSidewaysScroll(page, 'mobile');
  });
});

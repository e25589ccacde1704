import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { taxReportResponseSchema } from '@vastra/shared/schemas/tax-report';
import { indiaMonthOf } from '@vastra/shared/tax/report-month';
import {
  ADDRESS,
  fillCart,
  loggedInAdmin,
  loggedInShopper,
  payInEmulator,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

/*
 * The GST report (docs/decisions/125-gst-report.md) of documents the order life issued: an
 * online order paid to Delhi and then cancelled (its invoice and credit note), a cash-on-delivery
 * order delivered in Karnataka, the demo seller's state (its invoice), all through the real app.
 */

const t = useTestApp({
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/razorpay' },
  listen: true,
});

const DELHI = {
  ...ADDRESS,
  street: '4 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  zipcode: '110001',
};

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { token },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json<any>();
}

describe('the GST report of real orders', () => {
  it('shows a paid order’s invoice, its cancellation’s credit note, and a delivered COD order’s invoice', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const month = indiaMonthOf(new Date());

    // Online, to Delhi (inter-state: IGST): a ₹2,499 shirt at 5 % and a ₹2,999 one at 18 %.
    const online = await loggedInShopper(t.app, t.db, 'report-online');
    await fillCart(t.db, online.userId, [
      [2499, 1],
      [2999, 1],
    ]);
    const placed = await call('POST', '/api/order/razorpay', online.token, { address: DELHI });
    const paid = await payInEmulator(t, placed.order.id as string, {
      card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
    });
    await call('POST', '/api/order/verifyRazorpay', online.token, paid);
    await call('POST', '/api/order/cancel', online.token, {
      orderId: placed.orderId,
      reason: 'Changed my mind',
    });

    // Cash on delivery in Karnataka (intra-state: CGST and SGST), invoiced when delivered.
    const cod = await loggedInShopper(t.app, t.db, 'report-cod');
    await fillCart(t.db, cod.userId, [[1000, 2]]);
    const codOrder = await call('POST', '/api/order/place', cod.token, { address: ADDRESS });
    for (const step of [
      { status: ORDER_STATUS.packing },
      { status: ORDER_STATUS.shipped, courier: 'Delhivery', trackingNumber: 'DL123456789' },
      { status: ORDER_STATUS.outForDelivery },
      { status: ORDER_STATUS.delivered },
    ])
      await call('POST', `/api/admin/orders/${codOrder.orderId}/status`, admin.token, step);

    const orders = await call('GET', '/api/admin/orders?pageSize=10', admin.token);
    const amountOf = (id: string) =>
      (orders.orders as { _id: string; amount: number }[]).find((o) => o._id === id)!.amount * 100;
    const onlinePaise = amountOf(placed.orderId as string);
    const codPaise = amountOf(codOrder.orderId as string);

    const body = await call('GET', `/api/admin/tax-report?month=${month}`, admin.token);
    const report = taxReportResponseSchema.parse(body).report;
    expect(report.invoices.count).toBe(2);
    expect(report.creditNotes.count).toBe(1);
    expect(report.totals.invoices.totalPaise).toBe(onlinePaise + codPaise);
    expect(report.totals.creditNotes.totalPaise).toBe(onlinePaise);
    expect(report.totals.net.totalPaise).toBe(codPaise);

    const delhi = report.byState.find((row) => row.stateCode === '07')!;
    expect(delhi.stateName).toBe('Delhi');
    expect(delhi.invoices.igstPaise).toBeGreaterThan(0);
    expect(delhi.invoices.cgstPaise).toBe(0);
    expect(delhi.net).toEqual({
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 0,
    });
    const karnataka = report.byState.find((row) => row.stateCode === '29')!;
    expect(karnataka.net.totalPaise).toBe(codPaise);
    expect(karnataka.net.cgstPaise).toBe(karnataka.net.sgstPaise);
    expect(karnataka.net.igstPaise).toBe(0);

    // The ₹2,999 shirt is taxed at 18 %; 5 % holds the ₹2,499 shirt and the two ₹1,000 ones.
    expect(report.byRate.map((row) => row.ratePercent)).toContain(18);
    expect(
      report.byRate.find((row) => row.ratePercent === 5)!.invoices.totalPaise,
    ).toBeGreaterThanOrEqual((2499 + 2000) * 100);

    const csv = await t.app.inject({
      url: `/api/admin/tax-report.csv?month=${month}`,
      headers: { token: admin.token },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(
      `${month},By place of supply,Net,07,Delhi,,0.00,0.00,0.00,0.00,0.00,,,`,
    );
  });
});

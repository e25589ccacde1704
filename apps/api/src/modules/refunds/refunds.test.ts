import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_REFUND_MESSAGES, ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import { refunds } from '../../db/schema/after-sale';
import { orderEvents, orders, type OrderRow } from '../../db/schema/orders';
import { razorpayEmulatorRefunds } from '../../db/schema/razorpay-emulator';
import type { Mail, Mailer } from '../../providers/mailer/mailer';
import {
  ADDRESS,
  fillCart,
  insertOrder,
  loggedInAdmin,
  loggedInShopper,
  payInEmulator,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { startWebhookRelay } from '../../test/webhook-relay';
import { lockOrder } from '../orders/orders.repository';
import { requestRefund } from './request-refund';

/*
 * Refunds end to end (docs/decisions/119-refunds-and-webhook-retries.md): a paid emulator order,
 * a refund requested in a transaction, sent by the service through the SDK, settled by the
 * emulator's webhooks arriving at the shop's real webhook endpoint (through a relay that can fail
 * deliveries), the admin's calls, and the order's payment state.
 */

const sent: Mail[] = [];
const mailer: Mailer = {
  kind: 'outbox',
  async send(mail) {
    sent.push(mail);
  },
  outbox: () => [],
  async close() {},
};

let relay: Awaited<ReturnType<typeof startWebhookRelay>>;
beforeAll(async () => {
  relay = await startWebhookRelay();
});
afterAll(async () => {
  await relay?.close();
});
const t = useTestApp({
  env: () => ({
    RAZORPAY_EMULATOR_WEBHOOK_URL: relay.url,
    EMULATOR_WEBHOOK_RETRIES: '0.3,0.6,1',
  }),
  deps: { mailer },
  listen: true,
});
let admin: { token: string; email: string };
beforeAll(() => {
  relay.target = `${t.origin}/api/webhooks/razorpay`;
});
beforeEach(async () => {
  relay.failNext = 0;
  sent.length = 0;
  admin = await loggedInAdmin(t.app, t.db);
});

const goodCard = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRow = async (id: string) =>
  (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;

/** An online order of ₹1000 × 2 (+ delivery) paid in the emulator and settled by its webhook. */
async function paidOrder(instrument: Record<string, unknown> = { card: goodCard }) {
  const user = await loggedInShopper(t.app, t.db, 'refund');
  await fillCart(t.db, user.userId, [[1000, 2]]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/razorpay',
    headers: { token: user.token },
    payload: { address: ADDRESS, paymentMethod: 'razorpay' },
  });
  const body = res.json<{ orderId: string; order: { id: string } }>();
  const paid = await payInEmulator(t, body.order.id, instrument);
  expect(paid.razorpay_payment_id).toMatch(/^pay_/);
  await expect.poll(async () => (await orderRow(body.orderId)).paymentState).toBe('paid');
  return { order: await orderRow(body.orderId), user };
}

/** requestRefund in a transaction holding the order, then issueSoon, as the orders module does. */
async function refund(order: OrderRow, amountPaise: number, upiId?: string) {
  const row = await t.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    return requestRefund(tx, {
      order: locked,
      amountPaise,
      reason: 'returned',
      upiId: upiId ?? null,
      by: { actor: 'admin', label: 'test' },
      at: new Date(),
      tax: t.app.tax,
    });
  });
  if (row.method === 'razorpay') t.app.refunds.issueSoon(row.id);
  return row;
}

/** Waits for the sends and the webhooks, then for the refund to reach `status`. */
async function settled(refundId: string, status: string) {
  await t.app.refunds.idle();
  await expect
    .poll(async () => (await refundRow(refundId)).status, { timeout: 5_000 })
    .toBe(status);
  await t.app.payments.emulator!.webhooks.idle();
  return refundRow(refundId);
}

const refundEvents = async (orderId: string) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)))
    .filter((e) => e.kind === 'refund' || (e.kind === 'payment' && e.from !== 'unpaid'))
    .map((e) => `${e.kind}:${e.from ?? ''}→${e.to}`);

async function adminCall(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { token: admin.token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<any>() };
}

describe('Razorpay refunds', () => {
  it('a payment that arrives after the shopper cancelled is refunded in full by itself', async () => {
    const user = await loggedInShopper(t.app, t.db, 'late');
    await fillCart(t.db, user.userId, [[1000, 2]]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/razorpay',
      headers: { token: user.token },
      payload: { address: ADDRESS, paymentMethod: 'razorpay' },
    });
    const { orderId, order: providerOrder } = placed.json<{
      orderId: string;
      order: { id: string };
    }>();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/order/cancel',
      headers: { token: user.token },
      payload: { orderId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The payment window was still open on the shopper's phone: the money is taken anyway.
    await payInEmulator(t, providerOrder.id, { card: goodCard });
    await expect.poll(async () => (await orderRow(orderId)).paymentState).toBe('refunded');
    const [row, ...others] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      amountPaise: 204_900,
      reason: 'unfulfillable',
      status: 'processed',
      method: 'razorpay',
    });
    // (refundEvents leaves out moves from unpaid: here, unpaid → refund_due when the money came.)
    expect(await refundEvents(orderId)).toEqual([
      'refund:→pending',
      'refund:pending→processed',
      'payment:refund_due→refunded',
    ]);
    await expect
      .poll(() => sent.filter((m) => m.to === user.email && /refunded/.test(m.subject)).length)
      .toBe(1);
  });

  it('a refund Razorpay accepted whose webhooks never come is asked about and settled', async () => {
    const { order } = await paidOrder();
    // From now on the shop hears nothing from the provider (every delivery answered 500).
    relay.failNext = 1_000;
    const row = await refund(order, 204_900);
    await t.app.refunds.idle();
    const accepted = await refundRow(row.id);
    expect(accepted.status).toBe('pending');
    expect(accepted.providerRefundId).toMatch(/^rfnd_/);
    // A refund accepted a moment ago is left to its webhook…
    await t.app.refunds.retryDue();
    expect((await refundRow(row.id)).status).toBe('pending');
    // …one that has been quiet for long is asked about at the provider, and settled.
    await t.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 24 * 60 * 60_000) })
      .where(eq(refunds.id, row.id));
    await t.app.refunds.retryDue();
    expect(await refundRow(row.id)).toMatchObject({
      status: 'processed',
      providerRefundId: accepted.providerRefundId,
    });
    expect((await orderRow(order.id)).paymentState).toBe('refunded');
    expect(await refundEvents(order.id)).toEqual([
      'payment:paid→refund_due',
      'refund:→pending',
      'refund:pending→processed',
      'payment:refund_due→refunded',
    ]);
    relay.failNext = 0;
  });

  it('a full refund: processed by its webhook, the order refunded, the shopper mailed', async () => {
    const { order, user } = await paidOrder();
    const row = await refund(order, 204_900);
    const done = await settled(row.id, 'processed');
    expect(done.providerRefundId).toMatch(/^rfnd_/);
    expect(done.processedAt).toBeInstanceOf(Date);
    expect(done.attempts).toBe(1);
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('refunded');
    expect(await refundEvents(order.id)).toEqual([
      'payment:paid→refund_due',
      'refund:→pending',
      'refund:pending→processed',
      'payment:refund_due→refunded',
    ]);
    const mail = sent.find((m) => m.to === user.email && /refunded/.test(m.subject))!;
    expect(mail.text).toContain(`We have refunded ₹2,049 for your order #${order.orderNumber}`);
    expect(mail.text).toContain('within 5–7 business days');
    // The emulator refunded the payment once.
    const atProvider = await t.db
      .select()
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.paymentId, order.providerPaymentId!));
    expect(atProvider.map((r) => [r.amount, r.idempotencyKey])).toEqual([[204_900, row.id]]);
  });

  it('a partial refund leaves the order partially refunded; a second takes it to refunded', async () => {
    const { order } = await paidOrder({ method: 'upi', vpa: 'asha@okaxis' });
    const first = await refund(order, 50_050);
    await settled(first.id, 'processed');
    await expect
      .poll(async () => (await orderRow(order.id)).paymentState)
      .toBe('partially_refunded');
    expect(sent.at(-1)!.text).toContain('₹500.50');
    expect(sent.at(-1)!.text).toContain(order.paidWith === 'upi' ? 'your UPI account' : 'your');

    // More than what is left: refused before anything is written.
    await expect(refund(await orderRow(order.id), 154_851)).rejects.toMatchObject({
      statusCode: 400,
      message: ORDER_LIFE_MESSAGES.refundTooLarge,
    });
    const second = await refund(await orderRow(order.id), 154_850);
    await settled(second.id, 'processed');
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('refunded');
  });

  it('sending the same refund twice at once, or again after a lost answer, refunds once', async () => {
    const { order } = await paidOrder();
    const row = await refund(order, 100_000);
    t.app.refunds.issueSoon(row.id);
    t.app.refunds.issueSoon(row.id);
    await settled(row.id, 'processed');
    // An attempt whose answer was lost: the provider made the refund, our row never heard.
    const lost = await refund(await orderRow(order.id), 20_000);
    await settled(lost.id, 'processed');
    await t.db
      .update(refunds)
      .set({ status: 'pending', providerRefundId: null, nextAttemptAt: new Date(0), attempts: 1 })
      .where(eq(refunds.id, lost.id));
    await t.app.refunds.retryDue();
    const adopted = await refundRow(lost.id);
    expect(adopted.providerRefundId).toMatch(/^rfnd_/);
    const atProvider = await t.db
      .select()
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.paymentId, order.providerPaymentId!));
    expect(atProvider.map((r) => r.amount).sort()).toEqual([100_000, 20_000].sort());
  });

  it('a replayed refund.processed webhook changes nothing', async () => {
    const { order } = await paidOrder();
    const row = await refund(order, 30_000);
    await settled(row.id, 'processed');
    const delivery = t.app.payments
      .emulator!.webhooks.deliveries()
      .find((d) => d.event === 'refund.processed' && d.body.includes(row.id))!;
    const eventsBefore = await refundEvents(order.id);
    const mailsBefore = sent.length;
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      payload: delivery.body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': delivery.signature,
        // A new event id: the payment-event record does not stop it, the refund's state does.
        'x-razorpay-event-id': `evt_${crypto.randomUUID()}`,
      },
    });
    expect(replay.statusCode).toBe(200);
    expect(await refundEvents(order.id)).toEqual(eventsBefore);
    expect(sent.length).toBe(mailsBefore);
    expect(await refundRow(row.id)).toMatchObject({ status: 'processed' });
  });

  it('refund.failed → failed; the admin retries it → processed; the order settles', async () => {
    const { order } = await paidOrder({ method: 'upi', vpa: 'refundfail@razorpay' });
    const row = await refund(order, 204_900);
    const failed = await settled(row.id, 'failed');
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await orderRow(order.id)).paymentState).toBe('refund_due');

    const list = await adminCall('GET', '/api/admin/refunds?view=failed');
    expect(list.status).toBe(200);
    expect(list.body.refunds).toEqual([
      expect.objectContaining({
        _id: row.id,
        orderNumber: order.orderNumber,
        status: 'failed',
        canRetry: true,
        canMarkPaidOut: false,
      }),
    ]);
    const retried = await adminCall('POST', `/api/admin/refunds/${row.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe(ADMIN_REFUND_MESSAGES.retrySent);
    const done = await settled(row.id, 'processed');
    expect(done.providerRefundId).not.toBe(failed.providerRefundId);
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('refunded');
    expect(await refundEvents(order.id)).toEqual([
      'payment:paid→refund_due',
      'refund:→pending',
      'refund:pending→failed',
      'refund:failed→pending',
      'refund:pending→processed',
      'payment:refund_due→refunded',
    ]);
    // Not failed any more: 409.
    const again = await adminCall('POST', `/api/admin/refunds/${row.id}/retry`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: ADMIN_REFUND_MESSAGES.retryOnlyFailed },
    });
  });

  it('the retry loop sends due refunds once, in the order due', async () => {
    const { order } = await paidOrder();
    const rows = await t.db.transaction(async (tx) => {
      const locked = (await lockOrder(tx, order.id))!;
      const one = await requestRefund(tx, {
        order: locked,
        amountPaise: 10_000,
        reason: 'returned',
        by: { actor: 'system' },
        at: new Date(),
        tax: t.app.tax,
      });
      const two = await requestRefund(tx, {
        order: { ...locked, paymentState: 'refund_due' },
        amountPaise: 20_000,
        reason: 'returned',
        by: { actor: 'system' },
        at: new Date(),
        tax: t.app.tax,
      });
      return [one, two];
    });
    await t.db
      .update(refunds)
      .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(eq(refunds.id, rows[1]!.id));
    expect(await t.app.refunds.retryDue()).toBe(2);
    expect(await t.app.refunds.retryDue()).toBe(0);
    await t.app.payments.emulator!.webhooks.idle();
    const atProvider = await t.db
      .select()
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.paymentId, order.providerPaymentId!));
    // The one due first (the second requested) went first.
    expect(
      atProvider.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.amount),
    ).toEqual([20_000, 10_000]);
    for (const row of rows) await settled(row.id, 'processed');
  });
});

describe('cash on delivery: UPI payouts', () => {
  it('stays pending until the admin marks it paid out; then processed, settled, mailed', async () => {
    const user = await loggedInShopper(t.app, t.db, 'cod');
    const order = await insertOrder(t.db, user.userId, {
      payment: true,
      paymentState: 'paid',
      status: 'Delivered',
    });
    await expect(refund(order, 134_800)).rejects.toMatchObject({
      message: ORDER_LIFE_MESSAGES.upiIdNeeded,
    });
    const row = await refund(order, 134_800, 'asha@okaxis');
    expect(row).toMatchObject({ method: 'upi_payout', status: 'pending', nextAttemptAt: null });
    expect(await t.app.refunds.retryDue()).toBe(0);

    const open = await adminCall('GET', '/api/admin/refunds');
    expect(open.body.refunds).toEqual([
      expect.objectContaining({
        _id: row.id,
        method: 'upi_payout',
        upiId: 'asha@okaxis',
        canMarkPaidOut: true,
        canRetry: false,
        user: expect.objectContaining({ email: user.email }),
      }),
    ]);
    expect((await adminCall('POST', `/api/admin/refunds/${row.id}/retry`)).status).toBe(409);
    const short = await adminCall('POST', `/api/admin/refunds/${row.id}/paid-out`, {
      reference: 'ab',
    });
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'Please enter the UPI transaction reference' },
    });
    const done = await adminCall('POST', `/api/admin/refunds/${row.id}/paid-out`, {
      reference: 'UPI123456789',
    });
    expect(done.status).toBe(200);
    expect(done.body.refund).toMatchObject({
      status: 'processed',
      reference: 'UPI123456789',
      canMarkPaidOut: false,
    });
    expect((await orderRow(order.id)).paymentState).toBe('refunded');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.kind === 'refund' && e.to === 'processed')).toMatchObject({
      actor: 'admin',
      actorLabel: admin.email,
    });
    const mail = sent.find((m) => m.to === user.email)!;
    expect(mail.text).toContain('to your UPI ID asha@okaxis');
    expect(mail.text).toContain('reference UPI123456789');

    const twice = await adminCall('POST', `/api/admin/refunds/${row.id}/paid-out`, {
      reference: 'UPI123456789',
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: ADMIN_REFUND_MESSAGES.paidOutOnlyPending },
    });
  });

  it('refuses unknown ids, bad ids and views with plain 4xx messages, and shoppers', async () => {
    const unknown = await adminCall('POST', `/api/admin/refunds/${crypto.randomUUID()}/retry`);
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: ADMIN_REFUND_MESSAGES.notFound },
    });
    const bad = await adminCall('POST', '/api/admin/refunds/nope/paid-out', {
      reference: 'UPI1234',
    });
    expect(bad).toMatchObject({ status: 400, body: { message: ADMIN_REFUND_MESSAGES.notFound } });
    const view = await adminCall('GET', '/api/admin/refunds?view=everything');
    expect(view).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('view must be one of: open, failed, all') },
    });
    const shopper = await loggedInShopper(t.app, t.db, 'nosy');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/refunds',
      headers: { token: shopper.token },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('webhook retries reach a shop that was failing', () => {
  it('the endpoint answers 500 first: the retried webhook pays the order, not the sweep', async () => {
    const user = await loggedInShopper(t.app, t.db, 'retry');
    await fillCart(t.db, user.userId, [[700, 1]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/razorpay',
      headers: { token: user.token },
      payload: { address: ADDRESS, paymentMethod: 'razorpay' },
    });
    const body = res.json<{ orderId: string; order: { id: string } }>();
    relay.failNext = 2;
    const before = relay.received.length;
    await payInEmulator(t, body.order.id, { card: goodCard });
    await t.app.payments.emulator!.webhooks.idle();
    // Both first deliveries failed: nobody has told the shop yet.
    expect((await orderRow(body.orderId)).payment).toBe(false);
    await expect
      .poll(async () => (await orderRow(body.orderId)).paymentState, { timeout: 5_000 })
      .toBe('paid');
    await expect
      .poll(() => relay.received.slice(before).filter((h) => h.status === 200).length)
      .toBe(2);
    const attempts = relay.received.slice(before);
    expect(attempts.slice(0, 2).map((h) => h.status)).toEqual([500, 500]);
    // The shop heard of it from a retry: an event refused first, accepted on a later attempt.
    const eventIds = (status: number) =>
      new Set(
        attempts.filter((h) => h.status === status).map((h) => h.headers['x-razorpay-event-id']),
      );
    const retried = [...eventIds(500)].filter((id) => eventIds(200).has(id));
    expect(retried.length).toBeGreaterThan(0);
    expect((await orderRow(body.orderId)).payment).toBe(true);
  });
});

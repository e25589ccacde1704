import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  razorpayEmulatorRefunds,
  razorpayEmulatorWebhooks,
} from '../../db/schema/razorpay-emulator';
import { payInEmulator } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { startWebhookRelay } from '../../test/webhook-relay';
import type { PaymentGateway } from './payment-gateway';

/*
 * Refunds through the official SDK against the emulator over HTTP, and the emulator's webhook
 * outbox with its retries (docs/decisions/119-refunds-and-webhook-retries.md).
 */

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
    // 0.2 s, then 0.4 s: three attempts in all.
    EMULATOR_WEBHOOK_RETRIES: '0.2,0.4',
  }),
  listen: true,
  reset: false,
});
let gateway: PaymentGateway;
beforeAll(() => {
  gateway = t.app.payments.gateway;
});
beforeEach(() => {
  relay.failNext = 0;
});

const goodCard = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };

/** A captured emulator payment of `amountPaise`, made with `instrument` (a card by default). */
async function capturedPayment(amountPaise: number, instrument: Record<string, unknown> = {}) {
  const order = await gateway.createOrder({ amountPaise, receipt: `r-${Date.now()}` });
  const paid = await payInEmulator(t, order.id, { card: goodCard, ...instrument });
  expect(paid.razorpay_payment_id).toMatch(/^pay_/);
  return paid.razorpay_payment_id!;
}

/** The events relayed for a payment, in the order delivered (settled first). */
async function eventsOf(paymentId: string) {
  await t.app.payments.emulator!.webhooks.idle();
  return relay.received
    .filter((hook) => hook.status === 200)
    .map(
      (hook) =>
        JSON.parse(hook.raw.toString('utf8')) as {
          event: string;
          payload: Record<string, { entity: Record<string, unknown> }>;
        },
    )
    .filter((e) => e.payload.payment?.entity.id === paymentId && e.event.startsWith('refund.'));
}

const emulatorAuth = () =>
  `Basic ${Buffer.from(`${gateway.keyId}:${t.app.payments.emulator!.keys.keySecret}`).toString('base64')}`;

async function refundOverHttp(paymentId: string, body: unknown, key?: string) {
  const response = await fetch(`${t.origin}/razorpay-emulator/v1/payments/${paymentId}/refund`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: emulatorAuth(),
      ...(key ? { 'x-refund-idempotency': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('refunds through the SDK', () => {
  it('refunds in full: the payment is refunded, refund.created and refund.processed are sent', async () => {
    const paymentId = await capturedPayment(150_000);
    const refund = await gateway.refundPayment({
      paymentId,
      amountPaise: 150_000,
      idempotencyKey: 'full-refund-key-1',
      notes: { refund_id: 'ours-1' },
    });
    expect(refund).toMatchObject({ paymentId, amount: 150_000, status: 'pending' });
    expect(refund.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(refund.notes).toEqual({ refund_id: 'ours-1', idempotency_key: 'full-refund-key-1' });

    expect(await gateway.fetchRefund(refund.id)).toMatchObject({ status: 'processed' });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'refunded' });
    const events = await eventsOf(paymentId);
    // Each is its own delivery: they may arrive in either order.
    expect(events.map((e) => e.event).sort()).toEqual(['refund.created', 'refund.processed']);
    expect(events.find((e) => e.event === 'refund.processed')!.payload).toMatchObject({
      refund: { entity: { id: refund.id, entity: 'refund', amount: 150_000, status: 'processed' } },
      payment: { entity: { id: paymentId, amount_refunded: 150_000, refund_status: 'full' } },
    });
  });

  it('refunds in parts, lists them, and refuses more than is left with Razorpay’s 400', async () => {
    const paymentId = await capturedPayment(100_000);
    await gateway.refundPayment({ paymentId, amountPaise: 30_000, idempotencyKey: 'part-one-key' });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'captured' });

    const tooMuch = await refundOverHttp(paymentId, { amount: 70_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({
      error: expect.objectContaining({
        code: 'BAD_REQUEST_ERROR',
        description:
          'The refund amount provided is greater than amount captured and not yet refunded',
        field: 'amount',
      }),
    });
    await expect(
      gateway.refundPayment({ paymentId, amountPaise: 70_001, idempotencyKey: 'too-much-key' }),
    ).rejects.toMatchObject({ statusCode: 402, message: expect.stringContaining('greater than') });

    // No amount: the rest.
    const rest = await refundOverHttp(paymentId, {});
    expect(rest.body).toMatchObject({ amount: 70_000, status: 'pending' });
    const listed = await gateway.fetchPaymentRefunds(paymentId);
    expect(listed.map((r) => r.amount)).toEqual([30_000, 70_000]);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'refunded' });
    const nothingLeft = await refundOverHttp(paymentId, { amount: 100 });
    expect(nothingLeft.status).toBe(400);
  });

  it('the same X-Refund-Idempotency key answers the same refund and never refunds twice', async () => {
    const paymentId = await capturedPayment(50_000);
    const input = { paymentId, amountPaise: 20_000, idempotencyKey: 'same-key-0123456789' };
    const [first, second] = await Promise.all([
      gateway.refundPayment(input),
      gateway.refundPayment(input),
    ]);
    const third = await gateway.refundPayment(input);
    expect(new Set([first.id, second.id, third.id]).size).toBe(1);
    // The SDK sent the header (the emulator stored it with the refund).
    const rows = await t.db
      .select()
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.paymentId, paymentId));
    expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([
      [20_000, 'same-key-0123456789'],
    ]);
    // Another request with that key is refused, as Razorpay does.
    const other = await refundOverHttp(paymentId, { amount: 10_000 }, 'same-key-0123456789');
    expect(other.status).toBe(400);
    expect(other.body.error.description).toBe(
      'Different request with the same idempotency key has already been processed.',
    );
    const shortKey = await refundOverHttp(paymentId, { amount: 10_000 }, 'short');
    expect(shortKey.status).toBe(400);
  });

  it.each([
    ['card 4000 0000 0000 0077', { card: { ...goodCard, number: '4000 0000 0000 0077' } }],
    ['UPI refundfail@razorpay', { method: 'upi', vpa: 'refundfail@razorpay' }],
  ])('a payment made with %s: its first refund fails, the next is processed', async (_, how) => {
    const paymentId = await capturedPayment(40_000, how);
    const failed = await gateway.refundPayment({
      paymentId,
      amountPaise: 40_000,
      idempotencyKey: `fails-${paymentId}`,
    });
    expect(await gateway.fetchRefund(failed.id)).toMatchObject({ status: 'failed' });
    // A failed refund gives its amount back to refund.
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'captured' });
    const again = await gateway.refundPayment({
      paymentId,
      amountPaise: 40_000,
      idempotencyKey: `again-${paymentId}`,
    });
    expect(await gateway.fetchRefund(again.id)).toMatchObject({ status: 'processed' });
    expect((await eventsOf(paymentId)).map((e) => e.event).sort()).toEqual([
      'refund.created',
      'refund.created',
      'refund.failed',
      'refund.processed',
    ]);
  });

  it('a refund of a failed payment, an unknown payment or refund id is refused', async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'declined' });
    const declined = await payInEmulator(t, order.id, { method: 'upi', vpa: 'failure@razorpay' });
    const paymentId = (declined.error as { metadata: { payment_id: string } }).metadata.payment_id;
    expect((await refundOverHttp(paymentId, {})).status).toBe(400);
    await expect(
      gateway.refundPayment({
        paymentId: 'pay_Unknown0000000',
        amountPaise: 100,
        idempotencyKey: 'unknown-pay',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(gateway.fetchRefund('rfnd_Unknown000000')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('webhook outbox', () => {
  it('retries a refused delivery with backoff, with the same event id and bytes, until accepted', async () => {
    relay.failNext = 2;
    const before = relay.received.length;
    const paymentId = await capturedPayment(12_300);
    await expect
      .poll(() => relay.received.slice(before).filter((h) => h.status === 200).length, {
        timeout: 5_000,
      })
      .toBe(2);
    // The relay has answered; the sender records each outcome just after: wait for that too.
    await t.app.payments.emulator!.webhooks.idle();
    const mine = relay.received.slice(before);
    // The first two attempts (of either event) were refused, then each event got through.
    expect(mine.map((h) => h.status)).toEqual([500, 500, 200, 200]);
    const ids = mine.map((h) => String(h.headers['x-razorpay-event-id']));
    expect(new Set(ids).size).toBe(2);
    for (const id of new Set(ids)) {
      const attempts = mine.filter((h) => h.headers['x-razorpay-event-id'] === id);
      expect(new Set(attempts.map((h) => h.raw.toString('utf8'))).size).toBe(1);
      const [row] = await t.db
        .select()
        .from(razorpayEmulatorWebhooks)
        .where(eq(razorpayEmulatorWebhooks.id, id));
      expect(row).toMatchObject({ attempts: 2, lastOutcome: '200', abandonedAt: null });
      expect(row!.deliveredAt).toBeInstanceOf(Date);
    }
    expect(paymentId).toMatch(/^pay_/);
  });

  it('gives up after the last retry of the schedule', async () => {
    relay.failNext = 1_000;
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'give-up' });
    const failed = await payInEmulator(t, order.id, { method: 'upi', vpa: 'failure@razorpay' });
    expect(failed.error).toBeDefined();
    const eventBodyHas = (row: { body: string }) => row.body.includes(order.id);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(razorpayEmulatorWebhooks)).filter(eventBodyHas)[0]
            ?.abandonedAt ?? null,
        { timeout: 5_000 },
      )
      .toBeInstanceOf(Date);
    const [row] = (await t.db.select().from(razorpayEmulatorWebhooks)).filter(eventBodyHas);
    expect(row).toMatchObject({ attempts: 3, deliveredAt: null, lastOutcome: '500' });
    relay.failNext = 0;
  });
});

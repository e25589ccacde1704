import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '@vastra/shared/constants';
import { carts } from '../../db/schema/carts';
import { coupons } from '../../db/schema/coupons';
import { orders } from '../../db/schema/orders';
import { manualClock } from '../../lib/clock';
import type { Mail, Mailer } from '../../providers/mailer/mailer';
import { webhookSignature } from '../../providers/payments/signatures';
import { buildTestApp, testConfig } from '../../test/test-app';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';
import { seedCoupons } from '../../db/seed/seed-coupons';
import { closeStaleOnlineOrders, STALE_ONLINE_ORDER_MS } from './orders.service';
import { PAYMENT_CHECK_LIMITS } from './orders.routes';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { useTestApp } from '../../test/use-test-app';
import {
  ADDRESS,
  fillCart as fixtureCart,
  loggedInAdmin,
  loggedInShopper,
  payInEmulator,
} from '../../test/fixtures';

const sent: Mail[] = [];
const mailer: Mailer = {
  kind: 'outbox',
  async send(mail) {
    sent.push(mail);
  },
  outbox: () => [],
  async close() {},
};
const clock = manualClock(Date.now());
/**
 * Moves the clock (only forward) to 20 s into a minute: the payment-check limits count in fixed
 * minutes, so a refusal then always says 40 seconds and nothing resets halfway through a test.
 */
const twentySecondsIntoAMinute = () =>
  clock.set(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 20_000);
const TOO_MANY_PAYMENT_CHECKS = 'Too many payment checks. Please try again in 40 seconds.';

const t = useTestApp({
  // Webhooks go nowhere (a closed port): each test hands them to the shop itself, byte for byte.
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/razorpay' },
  deps: { mailer, clock },
  listen: true,
});

beforeEach(async () => {
  await t.db.delete(coupons);
  await seedCoupons(t.db);
  sent.length = 0;
  // Every order a second apart, so newest-first is well defined.
  clock.advance(1000);
});

const address = ADDRESS;

/** A shopper logged in through the real login route. */
const shopper = () => loggedInShopper(t.app, t.db, 'order');

/** Lines [price, quantity] in size M; answers the product ids. */
const fillCart = (userId: string, lines: [number, number][]) => fixtureCart(t.db, userId, lines);

async function post(url: string, token: string | undefined, payload: unknown = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { token } : {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<any>() };
}

const cartCount = async (userId: string) =>
  (await t.db.select().from(carts).where(eq(carts.userId, userId))).length;
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const goodCard = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };

/** What the checkout widget's Pay button sends to the emulator. */
const pay = (providerOrderId: string, extra: Record<string, unknown> = {}) =>
  payInEmulator(t, providerOrderId, { card: goodCard, ...extra });

/** Creates a Razorpay order for a fresh shopper with one ₹1000 × 2 line. */
async function razorpayOrder(couponCode?: string) {
  const user = await shopper();
  await fillCart(user.userId, [[1000, 2]]);
  const res = await post('/api/order/razorpay', user.token, {
    address,
    paymentMethod: 'razorpay',
    ...(couponCode ? { couponCode } : {}),
  });
  expect(res.status).toBe(200);
  return { user, res: res.body };
}

/** The emulator's webhook deliveries for a provider order, in the order sent. */
async function webhooksFor(providerOrderId: string) {
  await t.app.payments.emulator!.webhooks.idle();
  return t.app.payments
    .emulator!.webhooks.deliveries()
    .filter((d) => d.body.includes(providerOrderId));
}

function deliver(body: string, signature: string, eventId = `evt_${crypto.randomUUID()}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    },
  });
}

describe('every order route needs a session', () => {
  it.each([
    '/api/order/place',
    '/api/order/razorpay',
    '/api/order/verifyRazorpay',
    '/api/order/verify',
    '/api/order/userorders',
    '/api/order/ordercount',
  ])('%s without a token → 401', async (url) => {
    const res = await post(url, undefined, { address });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('POST /api/order/place (cash on delivery)', () => {
  it('places the order unpaid from the server cart, clears the cart, counts it and mails it', async () => {
    const user = await shopper();
    const [p1] = await fillCart(user.userId, [
      [1200, 2],
      [500, 1],
    ]);
    const res = await post('/api/order/place', user.token, { address, paymentMethod: 'cod' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Order Placed',
      orderId: expect.any(String),
    });
    const row = await orderRow(res.body.orderId);
    expect(row).toMatchObject({
      userId: user.userId,
      subtotal: 2900,
      deliveryFee: DELIVERY_FEE,
      discount: 0,
      amount: 2900 + DELIVERY_FEE,
      paymentMethod: 'cod',
      payment: false,
      status: 'Order Placed',
    });
    const item = row.items.find((i) => i._id === p1);
    expect(item).toMatchObject({ price: 1200, size: 'M', quantity: 2, category: 'SHIRTS' });
    expect(item!.image).toHaveLength(2);
    expect(row.items).toHaveLength(2);
    expect(await cartCount(user.userId)).toBe(0);
    expect((await post('/api/order/ordercount', user.token)).body).toEqual({
      success: true,
      orderCount: 1,
    });

    const list = await post('/api/order/userorders', user.token);
    expect(list.body.orders).toHaveLength(1);
    expect(list.body.orders[0]).toMatchObject({
      _id: row.id,
      paymentMethod: 'cod',
      payment: false,
      status: 'Order Placed',
      amount: 2949,
      deliveryFee: 49,
      discount: 0,
      coupon: null,
      address: { city: 'Bengaluru', zipcode: '560001', country: 'India' },
      date: expect.any(Number),
    });
    // To the account's own address; the delivery e-mail (asha@example.com) is not mailed.
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0]!.text).toContain('₹2,949');
  });

  it('mails the account’s verified address, never the e-mail typed in the delivery address', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[800, 1]]);
    const typed = {
      ...address,
      email: 'stranger@elsewhere.example',
      firstName: 'Win a prize at evil.example',
    };
    const res = await post('/api/order/place', user.token, {
      address: typed,
      paymentMethod: 'cod',
    });
    expect(res.status).toBe(200);

    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0]!.text).toMatch(/^Hello Asha Rao,/);
    expect(sent[0]!.html).not.toContain('evil.example');
    // The delivery e-mail is kept and shown with the order, only not mailed.
    expect((await orderRow(res.body.orderId)).address.email).toBe('stranger@elsewhere.example');
    const list = await post('/api/order/userorders', user.token);
    expect(list.body.orders[0].address.email).toBe('stranger@elsewhere.example');
  });

  it('ignores an amount, items, prices or a paid flag sent by the browser', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[999, 1]]);
    const res = await post('/api/order/place', user.token, {
      address,
      paymentMethod: 'cod',
      amount: 1,
      items: [{ _id: 'x', price: 1, quantity: 50 }],
      price: 1,
      payment: true,
      subtotal: 1,
    });
    expect(res.status).toBe(200);
    expect(await orderRow(res.body.orderId)).toMatchObject({
      amount: 999 + DELIVERY_FEE,
      subtotal: 999,
      payment: false,
    });
  });

  it('refuses an empty cart', async () => {
    const user = await shopper();
    const res = await post('/api/order/place', user.token, { address, paymentMethod: 'cod' });
    expect(res).toEqual({ status: 400, body: { success: false, message: 'Your cart is empty' } });
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it.each([
    ['firstName', undefined, /first name/],
    ['email', 'not-an-email', /email/],
    ['zipcode', '56001', /PIN code/],
    ['zipcode', '056001', /PIN code/],
    ['phone', '12345', /mobile number/],
    ['phone', '5876543210', /mobile number/],
    ['country', 'Nepal', /India/],
    ['street', '   ', /street/],
    ['city', undefined, /city/],
  ])('refuses address.%s = %j naming the field', async (field, value, message) => {
    const user = await shopper();
    await fillCart(user.userId, [[999, 1]]);
    const bad: Record<string, unknown> = { ...address, [field]: value };
    if (value === undefined) delete bad[field];
    const res = await post('/api/order/place', user.token, { address: bad, paymentMethod: 'cod' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
    expect(await cartCount(user.userId)).toBe(1);
  });

  it('refuses a missing address and accepts one without a state, +91 phone', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[999, 1]]);
    expect((await post('/api/order/place', user.token, { paymentMethod: 'cod' })).status).toBe(400);
    const { state: _state, ...noState } = address;
    const res = await post('/api/order/place', user.token, {
      address: { ...noState, phone: '+91 98765 43210' },
    });
    expect(res.status).toBe(200);
    expect((await orderRow(res.body.orderId)).address.phone).toBe('9876543210');
  });

  it('FREEDEL once per account, across two orders', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[2500, 1]]);
    const first = await post('/api/order/place', user.token, { address, couponCode: 'freedel' });
    expect(first.status).toBe(200);
    expect(await orderRow(first.body.orderId)).toMatchObject({
      deliveryFee: 0,
      amount: 2500,
      couponCode: 'FREEDEL',
    });
    await fillCart(user.userId, [[2500, 1]]);
    const second = await post('/api/order/place', user.token, { address, couponCode: 'FREEDEL' });
    expect(second).toEqual({
      status: 400,
      body: { success: false, message: 'You have already used the free delivery coupon' },
    });
    expect(await cartCount(user.userId)).toBe(1);
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(1);
  });

  it('VASTRA10 is priced by the server: floor(10% × (subtotal + fee))', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[2600, 2]]);
    const res = await post('/api/order/place', user.token, { address, couponCode: 'VASTRA10' });
    expect(await orderRow(res.body.orderId)).toMatchObject({
      subtotal: 5200,
      deliveryFee: 49,
      discount: 524,
      amount: 5200 + 49 - 524,
    });
  });
});

describe('Razorpay', () => {
  it('creates our order unpaid and the provider order in paise, leaving the cart', async () => {
    const { user, res } = await razorpayOrder();
    expect(res).toEqual({
      success: true,
      order: {
        id: expect.stringMatching(/^order_/),
        amount: 204_900,
        currency: 'INR',
        receipt: res.orderId,
      },
      orderId: expect.any(String),
      key: 'rzp_test_vastra_local',
      checkoutScriptUrl: '/razorpay-emulator/checkout.js',
    });
    expect(await orderRow(res.orderId)).toMatchObject({
      paymentMethod: 'razorpay',
      payment: false,
      amount: 2049,
      providerOrderId: res.order.id,
    });
    expect(await cartCount(user.userId)).toBe(1);
    // An unpaid online order is not counted.
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(0);
  });

  it('pay → verifyRazorpay marks paid once; a replay changes nothing; the cart is cleared', async () => {
    const { user, res } = await razorpayOrder('ASR10');
    const paid = await pay(res.order.id);
    expect(paid.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    const verify = await post('/api/order/verifyRazorpay', user.token, paid);
    expect(verify).toEqual({ status: 200, body: { success: true, message: 'Payment Successful' } });
    const row = await orderRow(res.orderId);
    expect(row).toMatchObject({
      payment: true,
      providerPaymentId: paid.razorpay_payment_id,
      couponCode: 'ASR10',
    });
    expect(await cartCount(user.userId)).toBe(0);
    // Paid online: confirmed to the account, not to the delivery address's asha@example.com.
    expect(sent.map((m) => m.to)).toEqual([user.email]);

    // A replay: success, no second effect.
    await fillCart(user.userId, [[300, 1]]);
    const again = await post('/api/order/verifyRazorpay', user.token, paid);
    expect(again.body.success).toBe(true);
    expect(await cartCount(user.userId)).toBe(1);
    expect((await orderRow(res.orderId)).paidAt).toEqual(row.paidAt);
    expect(sent).toHaveLength(1);
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(1);
  });

  it('refuses a forged signature and leaves the order unpaid', async () => {
    const { user, res } = await razorpayOrder();
    const paid = await pay(res.order.id);
    const sig = paid.razorpay_signature!;
    const forged = { ...paid, razorpay_signature: (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1) };
    const verify = await post('/api/order/verifyRazorpay', user.token, forged);
    expect(verify).toEqual({
      status: 400,
      body: { success: false, message: 'Payment verification failed' },
    });
    expect(await orderRow(res.orderId)).toMatchObject({ payment: false, providerPaymentId: null });
    expect(await cartCount(user.userId)).toBe(1);
    // Missing fields too.
    const missing = await post('/api/order/verifyRazorpay', user.token, {
      razorpay_order_id: res.order.id,
    });
    expect(missing.status).toBe(400);
  });

  it("refuses another user's order (404) and a paid order's signature replayed on another", async () => {
    const { res } = await razorpayOrder();
    const paid = await pay(res.order.id);
    const other = await shopper();
    const verify = await post('/api/order/verifyRazorpay', other.token, paid);
    expect(verify.status).toBe(404);
    expect(await orderRow(res.orderId)).toMatchObject({ payment: false });
    const verifyReturn = await post('/api/order/verify', other.token, {
      success: true,
      orderId: res.orderId,
    });
    expect(verifyReturn.status).toBe(404);

    // The owner of a second order replays the first order's payment on it: refused.
    const second = await razorpayOrder();
    const replay = await post('/api/order/verifyRazorpay', second.user.token, {
      ...paid,
      razorpay_order_id: second.res.order.id,
    });
    expect(replay.status).toBe(400);
    expect(await orderRow(second.res.orderId)).toMatchObject({ payment: false });
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const { res } = await razorpayOrder();
    await pay(res.order.id);
    const [captured] = await webhooksFor(res.order.id);
    expect(captured?.event).toBe('payment.captured');
    const bad = await deliver(captured!.body, webhookSignature('wrong-secret', captured!.body));
    expect(bad.statusCode).toBe(400);
    // Re-formatted JSON with the original signature: the bytes differ, so it is refused too.
    const reformatted = JSON.stringify(JSON.parse(captured!.body), null, 2);
    expect((await deliver(reformatted, captured!.signature)).statusCode).toBe(400);
    expect((await deliver(captured!.body, '')).statusCode).toBe(400);
    expect(await orderRow(res.orderId)).toMatchObject({ payment: false });
  });

  it('the webhook pays the order when the browser never came back; a repeated event id is ignored', async () => {
    const { user, res } = await razorpayOrder();
    await pay(res.order.id);
    const hooks = await webhooksFor(res.order.id);
    expect(hooks.map((h) => h.event)).toEqual(['payment.captured', 'order.paid']);
    const first = await deliver(hooks[0]!.body, hooks[0]!.signature, hooks[0]!.eventId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Order paid' });
    expect(await orderRow(res.orderId)).toMatchObject({ payment: true });
    expect(await cartCount(user.userId)).toBe(0);

    const repeated = await deliver(hooks[0]!.body, hooks[0]!.signature, hooks[0]!.eventId);
    expect(repeated.json()).toEqual({ success: true, message: 'Event already processed' });
    const orderPaid = await deliver(hooks[1]!.body, hooks[1]!.signature, hooks[1]!.eventId);
    expect(orderPaid.json()).toEqual({ success: true, message: 'Order already paid' });
    expect(sent).toHaveLength(1);
  });

  it('webhook and browser verification racing pay the order once', async () => {
    const { user, res } = await razorpayOrder('FREEDEL');
    const paid = await pay(res.order.id);
    const hooks = await webhooksFor(res.order.id);
    const [verify, hook1, hook2] = await Promise.all([
      post('/api/order/verifyRazorpay', user.token, paid),
      deliver(hooks[0]!.body, hooks[0]!.signature, hooks[0]!.eventId),
      deliver(hooks[1]!.body, hooks[1]!.signature, hooks[1]!.eventId),
    ]);
    expect(verify.body.success).toBe(true);
    expect(hook1.statusCode).toBe(200);
    expect(hook2.statusCode).toBe(200);
    expect(await orderRow(res.orderId)).toMatchObject({ payment: true });
    expect(sent).toHaveLength(1);
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(1);
    // FREEDEL recorded once: the account cannot use it again.
    await fillCart(user.userId, [[2500, 1]]);
    const again = await post('/api/order/place', user.token, { address, couponCode: 'FREEDEL' });
    expect(again.body.message).toBe('You have already used the free delivery coupon');
  });

  it('/api/order/verify never believes success: false while unpaid, true once paid (asking the provider)', async () => {
    const { user, res } = await razorpayOrder();
    const unpaid = await post('/api/order/verify', user.token, {
      success: 'true',
      orderId: res.orderId,
    });
    expect(unpaid).toEqual({
      status: 200,
      body: { success: false, message: 'Payment not completed' },
    });
    expect(await orderRow(res.orderId)).toMatchObject({ payment: false });

    // Paid at the provider, but neither the browser nor a webhook told us: verify asks.
    await pay(res.order.id);
    const paidNow = await post('/api/order/verify', user.token, {
      success: 'false',
      orderId: res.orderId,
    });
    expect(paidNow.body.success).toBe(true);
    expect(await orderRow(res.orderId)).toMatchObject({ payment: true });
    expect(await cartCount(user.userId)).toBe(0);

    // A COD order is not paid.
    await fillCart(user.userId, [[999, 1]]);
    const cod = await post('/api/order/place', user.token, { address });
    expect(
      (await post('/api/order/verify', user.token, { success: true, orderId: cod.body.orderId }))
        .body.success,
    ).toBe(false);
  });

  it('answers 20 payment checks a minute per account, then 429 with Retry-After on both verify calls', async () => {
    twentySecondsIntoAMinute();
    const { user, res } = await razorpayOrder();
    const verify = (token: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/verify',
        payload: { orderId: res.orderId },
        headers: { token },
        remoteAddress,
      });
    for (let i = 0; i < 20; i++) expect((await verify(user.token)).statusCode).toBe(200);
    const refused = await verify(user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_PAYMENT_CHECKS });
    expect(refused.headers['retry-after']).toBe('40');
    // verifyRazorpay counts against the same limit (it asks the provider too).
    const paid = await pay(res.order.id);
    expect((await post('/api/order/verifyRazorpay', user.token, paid)).status).toBe(429);
    expect(await orderRow(res.orderId)).toMatchObject({ payment: false });

    // Another account is not held up; a minute later this one may check again.
    const other = await razorpayOrder();
    const otherCheck = await post('/api/order/verify', other.user.token, {
      orderId: other.res.orderId,
    });
    expect(otherCheck.status).toBe(200);
    clock.advance(60_000);
    expect((await post('/api/order/verifyRazorpay', user.token, paid)).body).toEqual({
      success: true,
      message: 'Payment Successful',
    });
  });

  it('answers many shoppers on one shared address (a mobile carrier) up to 600 payment checks a minute, then 429', async () => {
    twentySecondsIntoAMinute();
    const shared = '203.0.113.9';
    const verifyFrom = async (remoteAddress: string) => {
      const { user, res } = await razorpayOrder();
      return () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order/verify',
          payload: { orderId: res.orderId },
          headers: { token: user.token },
          remoteAddress,
        });
    };
    // 80 checks from four accounts, every one answered: shoppers who just paid are not refused
    // because others share their carrier's address.
    const callers = await Promise.all([1, 2, 3, 4, 5].map(() => verifyFrom(shared)));
    for (const call of callers.slice(0, 4))
      for (let i = 0; i < 20; i++) expect((await call()).statusCode).toBe(200);
    // The rest of this minute's 600 are used by other shoppers behind the same address.
    const perIp = PAYMENT_CHECK_LIMITS.find((l) => l.per === 'ip')!.rule;
    expect(perIp.limit).toBe(600);
    for (let i = 80; i < 600; i++) await t.app.rateLimiter.consume(perIp, shared);

    const refused = await callers[4]!();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_PAYMENT_CHECKS });
    expect(refused.headers['retry-after']).toBe('40');
    expect((await (await verifyFrom('198.51.100.8'))()).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await callers[4]!()).statusCode).toBe(200);
  });

  it('closes online orders unpaid when their hold runs out, and pays those the provider captured', async () => {
    const start = clock.now();
    const unpaid = await razorpayOrder();
    const paidLate = await razorpayOrder();
    await pay(paidLate.res.order.id);
    const gateway = t.app.payments.gateway;
    const holdMs = t.config.holdMs;
    expect(holdMs).toBe(15 * 60_000);

    // A minute before the hold ends: nothing is touched.
    expect(
      await closeStaleOnlineOrders(t.db, gateway, new Date(start.getTime() + holdMs - 60_000), {
        refunds: t.app.refunds,
        tax: t.app.tax,
      }),
    ).toEqual({ paid: [], failed: [] });

    const later = new Date(start.getTime() + holdMs + 60_000);
    const result = await closeStaleOnlineOrders(t.db, gateway, later, {
      refunds: t.app.refunds,
      tax: t.app.tax,
    });
    expect(result).toEqual({ paid: [paidLate.res.orderId], failed: [unpaid.res.orderId] });
    expect(await orderRow(unpaid.res.orderId)).toMatchObject({
      payment: false,
      status: 'Payment Failed',
      failedAt: later,
    });
    expect(await orderRow(paidLate.res.orderId)).toMatchObject({
      payment: true,
      status: 'Order Placed',
    });
    expect(await cartCount(unpaid.user.userId)).toBe(1);
    // Run again: nothing more to do.
    expect(
      await closeStaleOnlineOrders(t.db, gateway, later, {
        refunds: t.app.refunds,
        tax: t.app.tax,
      }),
    ).toEqual({
      paid: [],
      failed: [],
    });
    // Never paid and closed: no longer in the shopper's orders (docs/decisions/110).
    const list = await post('/api/order/userorders', unpaid.user.token);
    expect(list.body.orders).toEqual([]);
  });
  it('leaves an order the shop cancelled alone, and a late payment keeps it cancelled', async () => {
    const start = clock.now();
    const cancelled = await razorpayOrder();
    const admin = await loggedInAdmin(t.app, t.db);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${cancelled.res.orderId}/status`,
      headers: { token: admin.token },
      payload: { status: ORDER_STATUS.cancelled },
    });
    expect(cancel.statusCode).toBe(200);

    const later = new Date(start.getTime() + STALE_ONLINE_ORDER_MS + 60_000);
    const gateway = t.app.payments.gateway;
    // Closed as unpaid, but the admin's status stands.
    expect(
      await closeStaleOnlineOrders(t.db, gateway, later, {
        refunds: t.app.refunds,
        tax: t.app.tax,
      }),
    ).toEqual({
      paid: [],
      failed: [cancelled.res.orderId],
    });
    expect(await orderRow(cancelled.res.orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      payment: false,
      failedAt: later,
    });

    // The shopper pays in a window still open: the money is recorded, the cancellation stands,
    // and nothing says the order is confirmed; the cart is left as it was.
    const mailsBefore = sent.length;
    const paid = await pay(cancelled.res.order.id);
    const verified = await post('/api/order/verifyRazorpay', cancelled.user.token, paid);
    expect(verified).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Payment received for an order that was cancelled. It will be refunded.',
      },
    });
    expect(await orderRow(cancelled.res.orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      payment: true,
    });
    expect(sent.length).toBe(mailsBefore);
    expect(await cartCount(cancelled.user.userId)).toBe(1);
  });
});

describe('what the shopper was shown', () => {
  it('refuses an order whose total differs from the one the checkout showed, writing nothing', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[1000, 2]]);
    for (const path of ['/api/order/place', '/api/order/razorpay']) {
      const refused = await post(path, user.token, { address, expectedTotal: 2000 });
      expect(refused).toEqual({
        status: 409,
        body: {
          success: false,
          message: 'Prices in your cart have changed. Please review your order and place it again.',
        },
      });
    }
    expect(await t.db.select().from(orders)).toEqual([]);
    expect(await cartCount(user.userId)).toBe(1);
    const placed = await post('/api/order/place', user.token, { address, expectedTotal: 2049 });
    expect(placed.status).toBe(200);
    expect(await orderRow(placed.body.orderId)).toMatchObject({ amount: 2049 });
  });

  it('reopens the same unpaid online order for the same cart, address and coupon; anything else is a new one', async () => {
    const { user, res: first } = await razorpayOrder();
    const again = await post('/api/order/razorpay', user.token, { address });
    expect(again.body).toMatchObject({
      orderId: first.orderId,
      order: { id: first.order.id, amount: first.order.amount, receipt: first.orderId },
    });

    // Another address: a new order.
    const elsewhere = await post('/api/order/razorpay', user.token, {
      address: { ...address, city: 'Mysuru' },
    });
    expect(elsewhere.body.orderId).not.toBe(first.orderId);

    // Older than the reuse window: a new order.
    clock.advance(t.config.holdMs + 1000);
    const later = await post('/api/order/razorpay', user.token, { address });
    expect([first.orderId, elsewhere.body.orderId]).not.toContain(later.body.orderId);
  });
});

describe('payment options', () => {
  it('offers cash on delivery by default; with CASH_ON_DELIVERY=false only Razorpay, and /place refuses', async () => {
    const offered = await t.app.inject({ method: 'GET', url: '/api/order/options' });
    expect(offered.json()).toEqual({ success: true, paymentMethods: ['cod', 'razorpay'] });

    const noCod = await buildTestApp(t.database, testConfig({ CASH_ON_DELIVERY: 'false' }), {
      mailer,
      clock,
    });
    try {
      const options = await noCod.app.inject({ method: 'GET', url: '/api/order/options' });
      expect(options.json()).toEqual({ success: true, paymentMethods: ['razorpay'] });
      const user = await shopper();
      await fillCart(user.userId, [[999, 1]]);
      const refused = await noCod.app.inject({
        method: 'POST',
        url: '/api/order/place',
        headers: { token: user.token },
        payload: { address, paymentMethod: 'cod' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Cash on delivery is not available',
      });
      expect(await cartCount(user.userId)).toBe(1);
      expect(await t.db.select().from(orders)).toEqual([]);
    } finally {
      await noCod.app.close();
    }
  });
});

describe('counts and history', () => {
  it('lists orders newest first; ordercount counts paid and COD orders only', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[999, 1]]);
    const first = await post('/api/order/place', user.token, { address });
    clock.advance(1000);
    await fillCart(user.userId, [[1999, 1]]);
    const online = await post('/api/order/razorpay', user.token, {
      address,
      paymentMethod: 'razorpay',
    });
    clock.advance(1000);
    const list = await post('/api/order/userorders', user.token);
    expect(list.body.orders.map((o: { _id: string }) => o._id)).toEqual([
      online.body.orderId,
      first.body.orderId,
    ]);
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(1);
    const other = await shopper();
    expect((await post('/api/order/userorders', other.token)).body.orders).toEqual([]);
  });

  it('a cancelled order does not count', async () => {
    const user = await shopper();
    await fillCart(user.userId, [[999, 1]]);
    const placed = await post('/api/order/place', user.token, { address });
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(1);
    const admin = await loggedInAdmin(t.app, t.db);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.body.orderId}/status`,
      headers: { token: admin.token },
      payload: { status: ORDER_STATUS.cancelled },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await post('/api/order/ordercount', user.token)).body.orderCount).toBe(0);
  });

  it('FREEDEL is refused after 2 counted orders', async () => {
    const user = await shopper();
    for (let i = 0; i < 2; i++) {
      await fillCart(user.userId, [[999, 1]]);
      expect((await post('/api/order/place', user.token, { address })).status).toBe(200);
    }
    await fillCart(user.userId, [[2500, 1]]);
    const res = await post('/api/order/place', user.token, { address, couponCode: 'FREEDEL' });
    expect(res.body.message).toBe('Free delivery coupon is only valid for first 2 orders');
  });

  it('best sellers come from paid orders only, most units first', async () => {
    const user = await shopper();
    const [a, b, c] = await fillCart(user.userId, [
      [100, 1],
      [100, 3],
      [100, 2],
    ]);
    const { body } = await post('/api/order/razorpay', user.token, {
      address,
      paymentMethod: 'razorpay',
    });
    await post('/api/order/verifyRazorpay', user.token, await pay(body.order.id));
    // A COD (unpaid) order of product A does not count.
    await t.db
      .insert(carts)
      .values({ userId: user.userId, productId: a!, size: 'M', quantity: 10 });
    await post('/api/order/place', user.token, { address });
    // Products were inserted behind the catalog's back: tell it, as an admin change would.
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect
      .poll(async () => {
        const res = await t.app.inject('/api/product/bestsellers');
        return res
          .json<{ products: { _id: string }[] }>()
          .products.map((p) => p._id)
          .slice(0, 3);
      })
      .toEqual([b, c, a]);
  });
});

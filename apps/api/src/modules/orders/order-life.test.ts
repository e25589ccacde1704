import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '@vastra/shared/constants';
import {
  ORDER_LIFE_MESSAGES,
  adminOrderDetailSchema,
  orderDetailSchema,
} from '@vastra/shared/schemas/order-life';
import {
  ORDER_STATUS,
  SHIPPING_NEEDS_TRACKING,
  type OrderStatus,
} from '@vastra/shared/schemas/order';
import { refunds } from '../../db/schema/after-sale';
import { carts } from '../../db/schema/carts';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { orderEvents, orders } from '../../db/schema/orders';
import { seedCoupons } from '../../db/seed/seed-coupons';
import { manualClock } from '../../lib/clock';
import type { Mail, Mailer } from '../../providers/mailer/mailer';
import { changedTables, tableDigests } from '../../test/db-digest';
import {
  ADDRESS,
  fillCart,
  loggedInAdmin,
  loggedInShopper,
  payInEmulator,
  stockOf,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { moveStatus, movePayment } from './order-transitions';
import { closeStaleOnlineOrders } from './sweep';

/*
 * The one order-life model through the API (docs/decisions/118-order-life.md): every change is a
 * checked move with a history row; cancellation, late payments, the detail pages, the cart.
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
const clock = manualClock(Date.now());

const t = useTestApp({
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/razorpay' },
  deps: { mailer, clock },
  listen: true,
});

beforeEach(async () => {
  await t.db.delete(coupons);
  await seedCoupons(t.db);
  sent.length = 0;
  clock.advance(1000);
});

type Session = { token: string; userId: string; email: string };

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<any>() };
}

const shopper = () => loggedInShopper(t.app, t.db, 'life');
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: string) =>
  t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
const refundsOf = (id: string) => t.db.select().from(refunds).where(eq(refunds.orderId, id));
const cartOf = async (userId: string) =>
  (await t.db.select().from(carts).where(eq(carts.userId, userId))).map((l) => ({
    productId: l.productId,
    size: l.size,
    quantity: l.quantity,
  }));

/** A cash-on-delivery order of one ₹1000 × 2 line (₹2049 with delivery). */
async function codOrder(user?: Session, couponCode?: string) {
  const who = user ?? (await shopper());
  const [productId] = await fillCart(t.db, who.userId, [[1000, 2]]);
  const res = await call('POST', '/api/order/place', who.token, {
    address: ADDRESS,
    ...(couponCode ? { couponCode } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { user: who, orderId: res.body.orderId as string, productId: productId! };
}

/** An online order of one ₹1000 × 2 line, with its provider order (unpaid, holding its units). */
async function onlineOrder(user?: Session) {
  const who = user ?? (await shopper());
  const [productId] = await fillCart(t.db, who.userId, [[1000, 2]]);
  const res = await call('POST', '/api/order/razorpay', who.token, { address: ADDRESS });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    user: who,
    orderId: res.body.orderId as string,
    providerOrderId: res.body.order.id as string,
    productId: productId!,
  };
}

async function payOnline(order: { user: Session; providerOrderId: string }) {
  const paid = await payInEmulator(t, order.providerOrderId, {
    card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
  });
  return call('POST', '/api/order/verifyRazorpay', order.user.token, paid);
}

async function paidOnlineOrder() {
  const order = await onlineOrder();
  expect((await payOnline(order)).status).toBe(200);
  return order;
}

const adminMove = (token: string, id: string, body: Record<string, unknown>) =>
  call('POST', `/api/admin/orders/${id}/status`, token, body);

describe('GET /api/order/:id', () => {
  it('answers the shopper’s order with its number, money, window, timeline and actions', async () => {
    const { user, orderId } = await codOrder();
    const res = await call('GET', `/api/order/${orderId}`, user.token);
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.body.order);
    const row = await orderRow(orderId);
    expect(order).toMatchObject({
      _id: orderId,
      orderNumber: row.orderNumber,
      status: ORDER_STATUS.placed,
      paymentState: 'unpaid',
      paidWith: null,
      shipment: null,
      deliveredAt: null,
      cancelReason: null,
      returnWindowEndsAt: null,
      refunds: [],
      returns: [],
      actions: { cancel: true, cancelRefundPaise: 0, returnable: [] },
    });
    expect(order.expectedDelivery!.from).toBeGreaterThan(row.createdAt.getTime());
    expect(order.expectedDelivery!.to).toBeGreaterThan(order.expectedDelivery!.from);
    expect(order.timeline).toEqual([
      {
        at: row.createdAt.getTime(),
        by: 'shopper',
        kind: 'status',
        from: null,
        to: ORDER_STATUS.placed,
        note: null,
      },
    ]);
    // The list carries the number and the money's state too.
    const list = await call('POST', '/api/order/userorders', user.token);
    expect(list.body.orders[0]).toMatchObject({
      _id: orderId,
      orderNumber: row.orderNumber,
      paymentState: 'unpaid',
    });
  });

  it('is 404 for another shopper’s order and for an unknown id; 400 for a malformed one', async () => {
    const { orderId } = await codOrder();
    const other = await shopper();
    expect(await call('GET', `/api/order/${orderId}`, other.token)).toEqual({
      status: 404,
      body: { success: false, message: ORDER_LIFE_MESSAGES.notFound },
    });
    expect(
      (await call('GET', '/api/order/8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11', other.token)).status,
    ).toBe(404);
    expect((await call('GET', '/api/order/not-an-id', other.token)).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}` })).statusCode).toBe(
      401,
    );
  });

  it('walks the timeline through the admin’s steps; the shopper never sees the admin’s e-mail', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { user, orderId } = await codOrder();
    for (const status of [ORDER_STATUS.packing, ORDER_STATUS.shipped]) {
      const res = await adminMove(admin.token, orderId, {
        status,
        courier: 'Delhivery',
        trackingNumber: 'DL-42',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const shopperView = (await call('GET', `/api/order/${orderId}`, user.token)).body.order;
    expect(shopperView.timeline.map((e: { to: string; by: string }) => [e.by, e.to])).toEqual([
      ['shopper', ORDER_STATUS.placed],
      ['admin', ORDER_STATUS.packing],
      ['admin', ORDER_STATUS.shipped],
    ]);
    expect(JSON.stringify(shopperView)).not.toContain(admin.email);
    expect(shopperView.shipment).toEqual({
      courier: 'Delhivery',
      trackingNumber: 'DL-42',
      shippedAt: clock.now().getTime(),
    });
    expect(shopperView.actions.cancel).toBe(false);

    const adminView = await call('GET', `/api/admin/orders/${orderId}`, admin.token);
    expect(adminView.status).toBe(200);
    const detail = adminOrderDetailSchema.parse(adminView.body.order);
    expect(detail.user).toMatchObject({ _id: user.userId, email: user.email });
    expect(detail.nextStatuses).toEqual([ORDER_STATUS.outForDelivery]);
    expect(detail.canMarkPaid).toBe(false);
    expect(detail.holdState).toBe('taken');
    expect(detail.timeline.map((e) => e.actorLabel)).toEqual([null, admin.email, admin.email]);
    // A shopper is not an admin.
    expect((await call('GET', `/api/admin/orders/${orderId}`, user.token)).status).toBe(403);
  });
});

describe('the admin’s steps', () => {
  it('refuses Shipped without a courier and tracking number (400), changing nothing', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { orderId } = await codOrder();
    expect((await adminMove(admin.token, orderId, { status: ORDER_STATUS.packing })).status).toBe(
      200,
    );
    const before = await tableDigests(t.db);
    for (const body of [{}, { courier: 'Delhivery' }, { trackingNumber: 'DL-1' }])
      expect(
        await adminMove(admin.token, orderId, { status: ORDER_STATUS.shipped, ...body }),
      ).toEqual({ status: 400, body: { success: false, message: SHIPPING_NEEDS_TRACKING } });
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
  });

  it('sets deliveredAt with Delivered and takes the cash once as a payment move by the admin', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { orderId } = await codOrder();
    const steps = [
      { status: ORDER_STATUS.packing },
      { status: ORDER_STATUS.shipped, courier: 'Blue Dart', trackingNumber: 'BD1' },
      { status: ORDER_STATUS.outForDelivery },
    ];
    for (const step of steps)
      expect((await adminMove(admin.token, orderId, step)).status).toBe(200);
    expect((await call('POST', `/api/admin/orders/${orderId}/paid`, admin.token)).status).toBe(200);
    expect((await adminMove(admin.token, orderId, { status: ORDER_STATUS.delivered })).status).toBe(
      200,
    );
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment: true, paymentState: 'paid', status: 'Delivered' });
    expect(row.deliveredAt).toEqual(clock.now());
    const payments = (await eventsOf(orderId)).filter((e) => e.kind === 'payment');
    expect(payments).toMatchObject([
      { actor: 'admin', actorLabel: admin.email, from: 'unpaid', to: 'paid' },
    ]);
  });

  it('two admins making the same step at once: one 200, one 409, one history row', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { orderId } = await codOrder();
    const [a, b] = await Promise.all([
      adminMove(admin.token, orderId, { status: ORDER_STATUS.packing }),
      adminMove(admin.token, orderId, { status: ORDER_STATUS.packing }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const moves = (await eventsOf(orderId)).filter((e) => e.from !== null);
    expect(moves).toMatchObject([{ from: ORDER_STATUS.placed, to: ORDER_STATUS.packing }]);
  });

  it('two moves from the same state in two transactions: the loser is a 409 and writes nothing', async () => {
    const { orderId } = await codOrder();
    const move = (to: OrderStatus) =>
      t.db.transaction((tx) =>
        moveStatus(tx, {
          orderId,
          from: ORDER_STATUS.placed,
          to,
          by: { actor: 'admin', label: 'racer' },
        }),
      );
    const results = await Promise.allSettled([
      move(ORDER_STATUS.packing),
      move(ORDER_STATUS.cancelled),
    ]);
    const lost = results.filter((r) => r.status === 'rejected');
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      type: 'conflict',
      message: ORDER_LIFE_MESSAGES.changedMeanwhile,
    });
    const moves = (await eventsOf(orderId)).filter((e) => e.from !== null);
    expect(moves).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe(moves[0]!.to);
  });

  it('refuses moves the tables do not give the actor, before writing anything', async () => {
    const { orderId } = await codOrder();
    const before = await tableDigests(t.db);
    const attempts = [
      () =>
        moveStatus(t.db, {
          orderId,
          from: ORDER_STATUS.placed,
          to: ORDER_STATUS.packing,
          by: { actor: 'shopper' },
        }),
      () =>
        moveStatus(t.db, {
          orderId,
          from: ORDER_STATUS.placed,
          to: ORDER_STATUS.delivered,
          by: { actor: 'admin' },
        }),
      () => movePayment(t.db, { orderId, from: 'unpaid', to: 'failed', by: { actor: 'admin' } }),
      () => movePayment(t.db, { orderId, from: 'unpaid', to: 'paid', by: { actor: 'shopper' } }),
    ];
    for (const attempt of attempts)
      await expect(attempt()).rejects.toMatchObject({ type: 'conflict' });
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
  });

  it('cancelling a paid online order gives the units back and asks for the whole amount back', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { orderId, productId } = await paidOnlineOrder();
    expect(await stockOf(t.db, productId, 'M')).toMatchObject({ held: 0 });
    const onHand = (await stockOf(t.db, productId, 'M')).onHand;
    const res = await adminMove(admin.token, orderId, {
      status: ORDER_STATUS.cancelled,
      note: 'Out of stock at the warehouse',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      paymentState: 'refund_due',
      cancelReason: 'Out of stock at the warehouse',
    });
    expect((await stockOf(t.db, productId, 'M')).onHand).toBe(onHand + 2);
    expect(await refundsOf(orderId)).toMatchObject([
      { amountPaise: (2000 + DELIVERY_FEE) * 100, status: 'pending', reason: 'cancelled' },
    ]);
  });
});

describe('POST /api/order/cancel', () => {
  it('cancels a cash-on-delivery order with a reason: units and coupon back, history, a mail', async () => {
    const { user, orderId, productId } = await codOrder(undefined, 'ASR10');
    expect(await t.db.select().from(couponRedemptions)).toHaveLength(1);
    const onHand = (await stockOf(t.db, productId, 'M')).onHand;
    const res = await call('POST', '/api/order/cancel', user.token, {
      orderId,
      reason: 'Ordered by mistake',
    });
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: ORDER_LIFE_MESSAGES.cancelled, refundPaise: 0 },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      cancelReason: 'Ordered by mistake',
      holdState: 'released',
      paymentState: 'unpaid',
    });
    expect((await orderRow(orderId)).cancelledAt).toEqual(clock.now());
    expect((await stockOf(t.db, productId, 'M')).onHand).toBe(onHand + 2);
    // The coupon can be used again.
    expect(await t.db.select().from(couponRedemptions)).toHaveLength(0);
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({
      actor: 'shopper',
      kind: 'status',
      from: ORDER_STATUS.placed,
      to: ORDER_STATUS.cancelled,
      note: 'Ordered by mistake',
    });
    expect(await refundsOf(orderId)).toEqual([]);
    await expect.poll(() => sent.filter((m) => m.subject.includes('cancelled')).length).toBe(1);
    const mail = sent.find((m) => m.subject.includes('cancelled'))!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain('Nothing was charged');
  });

  it('cancels a paid online order at Packing: the whole amount, delivery too, is refunded', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const { user, orderId } = await paidOnlineOrder();
    expect((await adminMove(admin.token, orderId, { status: ORDER_STATUS.packing })).status).toBe(
      200,
    );
    const total = (2000 + DELIVERY_FEE) * 100;
    const detail = (await call('GET', `/api/order/${orderId}`, user.token)).body.order;
    expect(detail.actions).toMatchObject({ cancel: true, cancelRefundPaise: total });
    sent.length = 0;
    const res = await call('POST', '/api/order/cancel', user.token, {
      orderId,
      reason: 'Delivery is too late',
    });
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        message: ORDER_LIFE_MESSAGES.cancelledWithRefund('₹2,049'),
        refundPaise: total,
      },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      paymentState: 'refund_due',
    });
    expect(await refundsOf(orderId)).toMatchObject([
      { amountPaise: total, status: 'pending', reason: 'cancelled', method: 'razorpay' },
    ]);
    const after = (await call('GET', `/api/order/${orderId}`, user.token)).body.order;
    expect(after.refunds).toMatchObject([{ amountPaise: total, status: 'pending' }]);
    expect(after.timeline.map((e: { kind: string; to: string }) => `${e.kind}:${e.to}`)).toEqual([
      `status:${ORDER_STATUS.placed}`,
      'payment:paid',
      `status:${ORDER_STATUS.packing}`,
      `status:${ORDER_STATUS.cancelled}`,
      'payment:refund_due',
      'refund:pending',
    ]);
    await expect.poll(() => sent.filter((m) => m.subject.includes('cancelled')).length).toBe(1);
    expect(sent.find((m) => m.subject.includes('cancelled'))!.text).toContain('₹2,049');
  });

  it('cancels the open unpaid online order without a reason: its hold and coupon go back', async () => {
    const { user, orderId, productId } = await onlineOrder();
    expect(await stockOf(t.db, productId, 'M')).toMatchObject({ held: 2 });
    const res = await call('POST', '/api/order/cancel', user.token, { orderId });
    expect(res.body).toEqual({
      success: true,
      message: ORDER_LIFE_MESSAGES.cancelled,
      refundPaise: 0,
    });
    expect(await stockOf(t.db, productId, 'M')).toMatchObject({ held: 0 });
    expect(await orderRow(orderId)).toMatchObject({ status: 'Cancelled', holdState: 'released' });
  });

  it('refuses without changing anything: no reason, shipped, closed, another shopper’s', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const cod = await codOrder();
    const shipped = await codOrder();
    await adminMove(admin.token, shipped.orderId, { status: ORDER_STATUS.packing });
    await adminMove(admin.token, shipped.orderId, {
      status: ORDER_STATUS.shipped,
      courier: 'Delhivery',
      trackingNumber: 'DL-7',
    });
    const closed = await codOrder();
    await call('POST', '/api/order/cancel', closed.user.token, {
      orderId: closed.orderId,
      reason: 'Other',
    });
    const other = await shopper();
    const before = await tableDigests(t.db);
    sent.length = 0;

    expect(
      await call('POST', '/api/order/cancel', cod.user.token, { orderId: cod.orderId }),
    ).toEqual({ status: 400, body: { success: false, message: ORDER_LIFE_MESSAGES.cancelReason } });
    expect(
      (
        await call('POST', '/api/order/cancel', cod.user.token, {
          orderId: cod.orderId,
          reason: 'Because',
        })
      ).status,
    ).toBe(400);
    expect(
      await call('POST', '/api/order/cancel', shipped.user.token, {
        orderId: shipped.orderId,
        reason: 'Other',
      }),
    ).toEqual({
      status: 409,
      body: { success: false, message: ORDER_LIFE_MESSAGES.cannotCancelShipped },
    });
    expect(
      await call('POST', '/api/order/cancel', closed.user.token, {
        orderId: closed.orderId,
        reason: 'Other',
      }),
    ).toEqual({
      status: 409,
      body: { success: false, message: ORDER_LIFE_MESSAGES.cannotCancelClosed },
    });
    expect(
      await call('POST', '/api/order/cancel', other.token, {
        orderId: cod.orderId,
        reason: 'Other',
      }),
    ).toEqual({ status: 404, body: { success: false, message: ORDER_LIFE_MESSAGES.notFound } });

    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('two cancels of one paid order at once: one 200, one 409, one refund, one history row', async () => {
    const { user, orderId } = await paidOnlineOrder();
    const cancel = () =>
      call('POST', '/api/order/cancel', user.token, { orderId, reason: 'Changed my mind' });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await eventsOf(orderId)).filter((e) => e.to === ORDER_STATUS.cancelled)).toHaveLength(
      1,
    );
  });
});

describe('payments the order cannot keep', () => {
  it('a payment after the shopper cancelled: refund_due and a pending refund of the whole amount', async () => {
    const order = await onlineOrder();
    expect(
      (await call('POST', '/api/order/cancel', order.user.token, { orderId: order.orderId }))
        .status,
    ).toBe(200);
    const verified = await payOnline(order);
    expect(verified.status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      payment: true,
      paymentState: 'refund_due',
    });
    expect(await refundsOf(order.orderId)).toMatchObject([
      { amountPaise: (2000 + DELIVERY_FEE) * 100, status: 'pending', reason: 'unfulfillable' },
    ]);
    expect((await eventsOf(order.orderId)).slice(-2)).toMatchObject([
      { kind: 'payment', actor: 'system', from: 'unpaid', to: 'refund_due' },
      { kind: 'refund', to: 'pending', note: '₹2,049' },
    ]);
  });

  it('a payment after the sweep closed the order reopens it when its units are still there', async () => {
    const order = await onlineOrder();
    const later = new Date(clock.now().getTime() + t.config.holdMs + 1000);
    // No captured payment yet: the sweep closes it.
    expect(
      await closeStaleOnlineOrders(t.db, t.app.payments.gateway, later, {
        refunds: t.app.refunds,
        tax: t.app.tax,
      }),
    ).toEqual({
      paid: [],
      failed: [order.orderId],
    });
    expect(await orderRow(order.orderId)).toMatchObject({
      status: ORDER_STATUS.paymentFailed,
      paymentState: 'failed',
    });
    expect((await payOnline(order)).status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: ORDER_STATUS.placed,
      paymentState: 'paid',
      holdState: 'taken',
    });
    expect(
      (await eventsOf(order.orderId)).map((e) => `${e.actor}:${e.kind}:${e.from}→${e.to}`),
    ).toEqual([
      `shopper:status:null→${ORDER_STATUS.placed}`,
      'system:payment:unpaid→failed',
      `system:status:${ORDER_STATUS.placed}→${ORDER_STATUS.paymentFailed}`,
      'system:payment:failed→paid',
      `system:status:${ORDER_STATUS.paymentFailed}→${ORDER_STATUS.placed}`,
    ]);
  });
});

describe('the cart after paying', () => {
  it('keeps the lines and units added after checkout; only what the order bought leaves', async () => {
    const order = await onlineOrder();
    const [extra] = await fillCart(t.db, order.user.userId, [[500, 1]]);
    // One more unit of the bought line, added while the payment window was open.
    await t.db
      .update(carts)
      .set({ quantity: 3 })
      .where(and(eq(carts.userId, order.user.userId), eq(carts.productId, order.productId)));
    expect((await payOnline(order)).status).toBe(200);
    expect(await cartOf(order.user.userId)).toEqual(
      expect.arrayContaining([
        { productId: order.productId, size: 'M', quantity: 1 },
        { productId: extra, size: 'M', quantity: 1 },
      ]),
    );
    expect(await cartOf(order.user.userId)).toHaveLength(2);
  });
});

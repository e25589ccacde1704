import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { returnResponseSchema } from '@vastra/shared/schemas/order-life';
import { returnRequests } from '../../db/schema/after-sale';
import { orders } from '../../db/schema/orders';
import {
  ADDRESS,
  fillCart,
  insertProducts,
  loggedInAdmin,
  loggedInShopper,
  setStock,
  stockOf,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import {
  DAY_MS,
  REASON,
  deliveredOrder,
  digest,
  ledger,
  orderRow,
  returnCalls,
  returnEvents,
  returnRow,
} from './returns-test-kit';

const t = useTestApp();
let shopper: { token: string; userId: string; email: string };
const calls = () => returnCalls(t.app);

beforeEach(async () => {
  shopper = await loggedInShopper(t.app, t.db);
});

/**
 * A percent coupon over three lines: 999 × 2, 1299 × 1, 499 × 3, delivery 49, 10 % of 4,843 =
 * 484 off, 4,359 paid. Shared by largest remainder (worked by hand, in paise): A 179,833, B 116,918,
 * C 134,739, delivery 4,410 — together 435,900.
 */
const COUPON_ORDER = [
  { price: 999, quantity: 2 },
  { price: 1299, quantity: 1 },
  { price: 499, quantity: 3 },
];

const line = (order: { items: { _id: string; size: string }[] }, i: number, quantity: number) => ({
  productId: order.items[i]!._id,
  size: order.items[i]!.size,
  quantity,
});

describe('a refund of a delivered order with a coupon', () => {
  it('quotes and refunds each line’s paid share, never the delivery fee; partial returns of a line add up to its share', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, COUPON_ORDER, { discount: 484 });
    expect(order.amount).toBe(4359);
    const first = {
      orderId: order.id,
      kind: 'refund',
      lines: [line(order, 0, 1), line(order, 2, 2)],
    };

    const before = await digest(t.db);
    const quote = await calls().quote(shopper.token, first);
    expect(quote.statusCode, quote.body).toBe(200);
    // A: ⌊179,833 / 2⌋ = 89,916; C: ⌊134,739 × 2 / 3⌋ = 89,826.
    expect(quote.json()).toEqual({ success: true, refundPaise: 89_916 + 89_826 });
    expect(await digest(t.db)).toEqual(before);

    const created = await calls().create(shopper.token, {
      ...first,
      reason: REASON,
      comment: 'Too loose',
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = returnResponseSchema.parse(created.json());
    expect(body.message).toBe('Your return request has been received');
    expect(body.return).toMatchObject({
      orderId: order.id,
      kind: 'refund',
      state: 'requested',
      reason: REASON,
      comment: 'Too loose',
      refundPaise: 179_742,
      upiId: null,
      exchangeShipment: null,
    });
    const row = await returnRow(t.db, body.return._id);
    expect(row?.lines.map((l) => [l.productId, l.quantity, l.refundPaise])).toEqual([
      [order.items[0]!._id, 1, 89_916],
      [order.items[2]!._id, 2, 89_826],
    ]);
    expect(row?.refundPaise).toBe(179_742);
    expect(await returnEvents(t.db, order.id)).toEqual([
      {
        actor: 'shopper',
        actorLabel: null,
        subjectId: row?.id,
        from: null,
        to: 'requested',
        note: REASON,
      },
    ]);

    // The rest, in two more requests: A's second unit 89,917 (89,916 + 89,917 = 179,833), C's
    // third 44,913 (89,826 + 44,913 = 134,739), B whole 116,918.
    const second = await calls().create(shopper.token, {
      orderId: order.id,
      kind: 'refund',
      reason: REASON,
      lines: [line(order, 0, 1)],
    });
    expect(second.json().return.refundPaise).toBe(89_917);
    const third = await calls().create(shopper.token, {
      orderId: order.id,
      kind: 'refund',
      reason: 'Changed my mind',
      lines: [line(order, 2, 1), line(order, 1, 1)],
    });
    expect(third.json().return.refundPaise).toBe(44_913 + 116_918);
    // Everything returned: all but the delivery's share of what was paid.
    expect(179_742 + 89_917 + 44_913 + 116_918).toBe(435_900 - 4_410);
    // Nothing left to return.
    const more = await calls().quote(shopper.token, { ...first, lines: [line(order, 1, 1)] });
    expect(more.statusCode).toBe(409);
  });

  it('needs a UPI ID for a cash-on-delivery order and keeps it with the request', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }], {
      cod: true,
    });
    const ask = { orderId: order.id, kind: 'refund', reason: REASON, lines: [line(order, 0, 1)] };
    const before = await digest(t.db);
    const missing = await calls().create(shopper.token, ask);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Please enter the UPI ID to refund this cash-on-delivery order to',
    });
    const invalid = await calls().create(shopper.token, { ...ask, upiId: 'not a upi' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please enter a valid UPI ID, such as name@okbank');
    expect(await digest(t.db)).toEqual(before);
    const ok = await calls().create(shopper.token, { ...ask, upiId: 'asha@okaxis' });
    expect(ok.statusCode, ok.body).toBe(200);
    // No coupon: the line's price in paise.
    expect(ok.json().return).toMatchObject({ upiId: 'asha@okaxis', refundPaise: 99_900 });
  });

  it('works on an order placed at checkout and walked to Delivered through the admin API', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const [productId] = await fillCart(t.db, shopper.userId, [[799, 2]]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/place',
      headers: { token: shopper.token },
      payload: { address: ADDRESS },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId: string = placed.json().orderId;
    const step = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        headers: { token: admin.token },
        payload: { status, courier: 'Delhivery', trackingNumber: 'DLV-123' },
      });
    for (const status of ['Packing', 'Shipped', 'Out for delivery', 'Delivered']) {
      const res = await step(status);
      expect(res.statusCode, res.body).toBe(200);
    }
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/paid`,
      headers: { token: admin.token },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Until the order-life status step records the delivery time (docs/decisions/118-order-life.md),
    // the window starts from the moment the test walked it to Delivered.
    if (!(await orderRow(t.db, orderId))?.deliveredAt)
      await t.db.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, orderId));

    const res = await calls().create(shopper.token, {
      orderId,
      kind: 'refund',
      reason: REASON,
      upiId: 'asha@okaxis',
      lines: [{ productId, size: 'M', quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().return.refundPaise).toBe(79_900);
  });
});

describe('an exchange', () => {
  it('goes to another size of the same product and holds its units at once', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 2 }]);
    const productId = order.items[0]!._id;
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 10, held: 0, available: 10 });
    const ask = {
      orderId: order.id,
      kind: 'exchange',
      reason: 'Size too small',
      lines: [{ ...line(order, 0, 1), exchangeSize: 'L' }],
    };
    const quote = await calls().quote(shopper.token, ask);
    expect(quote.json()).toEqual({ success: true, refundPaise: 0 });
    const res = await calls().create(shopper.token, ask);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your exchange request has been received',
      return: {
        kind: 'exchange',
        state: 'requested',
        refundPaise: 0,
        lines: [{ productId, size: 'M', quantity: 1, exchangeSize: 'L' }],
      },
    });
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 10, held: 1, available: 9 });
    expect(await stockOf(t.db, productId, 'M')).toEqual({ onHand: 10, held: 0, available: 10 });
    expect(await ledger(t.db, productId)).toEqual([
      { size: 'L', reason: 'exchange_held', onHandChange: 0, heldChange: 1, actor: 'shopper' },
    ]);
  });

  it.each([
    ['to a sold-out size', 'L', 409, (name: string) => `${name} is not available in size L now`],
    [
      'to a size only another product has',
      'XL',
      409,
      (name: string) => `${name} is not available in size XL now`,
    ],
    ['to the same size', 'M', 400, () => 'Please choose a size other than the one you have'],
    ['without a size', null, 400, () => 'Please choose the new size for each item to exchange'],
  ])('%s is refused and changes nothing', async (_, exchangeSize, status, message) => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const productId = order.items[0]!._id;
    await setStock(t.db, productId, { L: 0 });
    // Another product that does come in XL.
    await insertProducts(t.db, [{ sizes: ['M', 'XL'] }]);
    const ask = {
      orderId: order.id,
      kind: 'exchange',
      reason: REASON,
      lines: [{ ...line(order, 0, 1), exchangeSize }],
    };
    const before = await digest(t.db);
    for (const call of [calls().quote, calls().create]) {
      const res = await call(shopper.token, ask);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ success: false, message: message(order.items[0]!.name) });
    }
    expect(await digest(t.db)).toEqual(before);
  });
});

describe('a request the order does not allow', () => {
  const refund = (order: { id: string; items: { _id: string; size: string }[] }, quantity = 1) => ({
    orderId: order.id,
    kind: 'refund',
    reason: REASON,
    lines: [line(order, 0, quantity)],
  });

  it.each([
    [
      'after the return window',
      { deliveredAt: new Date(Date.now() - 8 * DAY_MS) },
      1,
      409,
      'The 7-day return window for this order has ended',
    ],
    [
      'before delivery',
      { status: 'Out for delivery', deliveredAt: null },
      1,
      409,
      'Items can be returned or exchanged only after the order is delivered',
    ],
    ['for more units than delivered', {}, 3, 409, 'You can return at most 2 of NAME'],
  ])(
    '%s is refused with a message and changes nothing',
    async (_, options, quantity, status, message) => {
      const order = await deliveredOrder(
        t.db,
        shopper.userId,
        [{ price: 999, quantity: 2 }],
        options,
      );
      const before = await digest(t.db);
      for (const call of [calls().quote, calls().create]) {
        const res = await call(shopper.token, refund(order, quantity));
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({
          success: false,
          message: message.replace('NAME', order.items[0]!.name),
        });
      }
      expect(await digest(t.db)).toEqual(before);
    },
  );

  it('refuses an item already returned, and counts units in open requests', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 2 }]);
    const name = order.items[0]!.name;
    expect((await calls().create(shopper.token, refund(order, 1))).statusCode).toBe(200);
    let before = await digest(t.db);
    const two = await calls().create(shopper.token, refund(order, 2));
    expect(two.json()).toEqual({ success: false, message: `You can return at most 1 of ${name}` });
    expect(await digest(t.db)).toEqual(before);
    expect((await calls().create(shopper.token, refund(order, 1))).statusCode).toBe(200);
    before = await digest(t.db);
    const again = await calls().create(shopper.token, refund(order, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${name} has already been returned or has a return in progress`,
    );
    expect(await digest(t.db)).toEqual(before);
  });

  it('counts the same line twice in one request as one claim', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 2 }]);
    const before = await digest(t.db);
    const twice = await calls().create(shopper.token, {
      ...refund(order, 1),
      lines: [line(order, 0, 2), line(order, 0, 1)],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      `${order.items[0]!.name} has already been returned or has a return in progress`,
    );
    expect(await digest(t.db)).toEqual(before);
  });

  it('refuses another shopper’s order as not found, and a line the order does not have', async () => {
    const other = await loggedInShopper(t.app, t.db, 'other');
    const order = await deliveredOrder(t.db, other.userId, [{ price: 999, quantity: 1 }]);
    const before = await digest(t.db);
    for (const call of [calls().quote, calls().create]) {
      const res = await call(shopper.token, refund(order));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'We could not find this order' });
    }
    const unknown = await calls().create(other.token, {
      ...refund(order),
      lines: [{ ...line(order, 0, 1), size: 'L' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('That item is not part of this order');
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/order/return',
      payload: refund(order),
    });
    expect(noSession.statusCode).toBe(401);
    expect(await digest(t.db)).toEqual(before);
  });

  it('lets only one of two racing requests claim the last unit', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const results = await Promise.all([
      calls().create(shopper.token, refund(order)),
      calls().create(shopper.token, {
        ...refund(order),
        kind: 'exchange',
        lines: [{ ...line(order, 0, 1), exchangeSize: 'L' }],
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    expect(rows).toHaveLength(1);
    // The loser held nothing.
    expect((await stockOf(t.db, order.items[0]!._id, 'L')).held).toBe(
      rows[0]!.kind === 'exchange' ? 1 : 0,
    );
  });
});

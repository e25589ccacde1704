import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminOrderListResponseSchema } from '@vastra/shared/schemas/admin';
import { ORDER_STATUS, type OrderStatus } from '@vastra/shared/schemas/order';
import { orders, type NewOrderRow } from '../../db/schema/orders';
import { useTestApp } from '../../test/use-test-app';
import { loggedInShopper, insertOrder, loggedInAdmin } from '../../test/fixtures';

const t = useTestApp();
let token: string;
let shopper: { userId: string; email: string };

beforeEach(async () => {
  token = (await loggedInAdmin(t.app, t.db)).token;
  shopper = await loggedInShopper(t.app, t.db, 'buyer');
});

const order = (overrides: Partial<NewOrderRow> = {}) =>
  insertOrder(t.db, shopper.userId, overrides);

/** The shipment the admin enters with the step to Shipped (docs/decisions/118-order-life.md). */
const SHIPMENT = { courier: 'Delhivery', trackingNumber: 'DL-123456789' };

const move = (id: string, status: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: { token },
    payload: { status, ...(status === ORDER_STATUS.shipped ? SHIPMENT : {}) },
  });
const markPaid = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/paid`, headers: { token } });

async function statusOf(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return { status: row?.status, payment: row?.payment };
}

const mailsTo = (email: string) => t.app.mailer.outbox().filter((m) => m.to === email);

describe('POST /api/admin/orders/:id/status', () => {
  it('walks a cash-on-delivery order to Delivered, mailing the shopper at every step, and takes the cash once', async () => {
    const placed = await order();
    // The account's address, not the delivery e-mail typed at checkout (decision 097).
    const to = shopper.email;
    expect(placed.address.email).not.toBe(to);
    const steps: OrderStatus[] = [
      ORDER_STATUS.packing,
      ORDER_STATUS.shipped,
      ORDER_STATUS.outForDelivery,
      ORDER_STATUS.delivered,
    ];
    for (const [i, status] of steps.entries()) {
      if (status === ORDER_STATUS.delivered) {
        const paid = await markPaid(placed.id);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json()).toMatchObject({
          success: true,
          message: 'Payment received',
          order: { payment: true, canMarkPaid: false },
        });
        expect(paid.json().order.paidAt).toEqual(expect.any(Number));
      }
      const res = await move(placed.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: `Order is now ${status}`,
        order: { _id: placed.id, status },
      });
      expect(await statusOf(placed.id)).toMatchObject({ status });
      await expect.poll(() => mailsTo(to).length).toBe(i + 1);
      const mail = mailsTo(to)[0]!;
      expect(mail.subject).toBe(`Vastra: order #${placed.orderNumber} is ${status}`);
      expect(mail.text).toContain(`is now: ${status}.`);
    }
    const final = await move(placed.id, ORDER_STATUS.cancelled);
    expect(final.statusCode).toBe(409);
    expect(final.json()).toEqual({ success: false, message: 'A Delivered order cannot be moved' });
    const twice = await markPaid(placed.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, message: 'The order is already marked paid' });
    expect(mailsTo(to)).toHaveLength(4);
    expect(mailsTo(placed.address.email)).toHaveLength(0);
  });

  it.each<[string, Partial<NewOrderRow>, string, string]>([
    [
      'skipping Packing',
      {},
      ORDER_STATUS.shipped,
      'An order cannot go from Order Placed to Shipped; next allowed: Packing or Cancelled',
    ],
    [
      'straight to Delivered',
      {},
      ORDER_STATUS.delivered,
      'An order cannot go from Order Placed to Delivered; next allowed: Packing or Cancelled',
    ],
    ['to the same status', {}, ORDER_STATUS.placed, 'The order is already Order Placed'],
    [
      'backwards',
      { status: ORDER_STATUS.packing },
      ORDER_STATUS.placed,
      'An order cannot go from Packing to Order Placed; next allowed: Shipped or Cancelled',
    ],
    [
      'cancelling once shipped',
      { status: ORDER_STATUS.shipped },
      ORDER_STATUS.cancelled,
      'An order cannot go from Shipped to Cancelled; next allowed: Out for delivery',
    ],
    [
      'reviving a cancelled order',
      { status: ORDER_STATUS.cancelled },
      ORDER_STATUS.packing,
      'A Cancelled order cannot be moved',
    ],
    [
      'moving a Payment Failed order',
      { status: ORDER_STATUS.paymentFailed, paymentMethod: 'razorpay', failedAt: new Date() },
      ORDER_STATUS.cancelled,
      'A Payment Failed order cannot be moved',
    ],
    [
      'packing an unpaid Razorpay order',
      { paymentMethod: 'razorpay' },
      ORDER_STATUS.packing,
      'An unpaid Razorpay order cannot be packed: wait for the payment',
    ],
  ])(
    'refuses %s with 409, leaving the order and the mailbox as they were',
    async (_name, from, to, message) => {
      const row = await order(from);
      const before = await statusOf(row.id);
      const res = await move(row.id, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message });
      expect(await statusOf(row.id)).toEqual(before);
      expect(mailsTo(row.address.email)).toEqual([]);
    },
  );

  it('packs a paid Razorpay order, and cancels before shipping', async () => {
    const paid = await order({ paymentMethod: 'razorpay', payment: true, paidAt: new Date() });
    expect((await move(paid.id, ORDER_STATUS.packing)).statusCode).toBe(200);
    const res = await move(paid.id, ORDER_STATUS.cancelled);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', nextStatuses: [] });
    const unpaid = await order({ paymentMethod: 'razorpay' });
    expect((await move(unpaid.id, ORDER_STATUS.cancelled)).statusCode).toBe(200);
  });

  it('lets only one of two admins racing on the same order move it', async () => {
    const row = await order({ status: ORDER_STATUS.packing });
    const [a, b] = await Promise.all([
      move(row.id, ORDER_STATUS.shipped),
      move(row.id, ORDER_STATUS.cancelled),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json().success).toBe(false);
    expect(await statusOf(row.id)).toMatchObject({ status: winner.json().order.status });
  });

  it('refuses a status that does not exist (400) and an unknown order (404)', async () => {
    const row = await order();
    const bad = await move(row.id, 'Teleported');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'status must be one of: Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled, Payment Failed',
    );
    const missing = await move('8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11', ORDER_STATUS.packing);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'We could not find this order' });
  });
});

describe('POST /api/admin/orders/:id/paid', () => {
  it('takes cash only for cash-on-delivery orders at or after Out for delivery', async () => {
    const online = await order({ paymentMethod: 'razorpay', status: ORDER_STATUS.outForDelivery });
    expect((await markPaid(online.id)).json()).toEqual({
      success: false,
      message: 'Only cash-on-delivery orders are marked paid by hand',
    });
    const early = await order({ status: ORDER_STATUS.packing });
    const res = await markPaid(early.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A cash-on-delivery order is marked paid on delivery: at Out for delivery or Delivered',
    );
    expect(await statusOf(early.id)).toEqual({ status: 'Packing', payment: false });
  });
});

describe('GET /api/admin/orders', () => {
  it('lists every shopper’s orders newest first with address, items, amounts and e-mail; filters and pages', async () => {
    const other = await loggedInShopper(t.app, t.db, 'other');
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 6));
    const a = await order({ createdAt: day(1) });
    const b = await order({
      createdAt: day(2),
      paymentMethod: 'razorpay',
      payment: true,
      paidAt: day(2),
    });
    const c = await insertOrder(t.db, other.userId, {
      createdAt: day(3),
      paymentMethod: 'razorpay',
    });
    const d = await order({ createdAt: day(4), status: ORDER_STATUS.outForDelivery });

    const get = async (query = '') => {
      const res = await t.app.inject({ url: `/api/admin/orders?${query}`, headers: { token } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(adminOrderListResponseSchema.parse(body)).toEqual(body);
      return body;
    };
    const ids = (body: { orders: { _id: string }[] }) => body.orders.map((o) => o._id);

    const all = await get();
    expect(ids(all)).toEqual([d.id, c.id, b.id, a.id]);
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(all.orders[1]).toMatchObject({
      user: { _id: other.userId, email: other.email },
      address: { city: 'Bengaluru', zipcode: '560001' },
      items: [{ name: 'Linen Shirt', quantity: 1, size: 'M' }],
      amount: 1348,
      subtotal: 1299,
      deliveryFee: 49,
      paymentMethod: 'razorpay',
      payment: false,
      nextStatuses: ['Cancelled'],
      canMarkPaid: false,
    });
    expect(all.orders[0]).toMatchObject({ nextStatuses: ['Delivered'], canMarkPaid: true });
    expect(all.orders[3]).toMatchObject({ nextStatuses: ['Packing', 'Cancelled'] });

    expect(ids(await get('payment=paid'))).toEqual([b.id]);
    expect(ids(await get('payment=unpaid&paymentMethod=cod'))).toEqual([d.id, a.id]);
    expect(ids(await get('status=Out%20for%20delivery'))).toEqual([d.id]);
    const page = await get('pageSize=3&page=2');
    expect(ids(page)).toEqual([a.id]);
    expect(page.total).toBe(4);

    const bad = await t.app.inject({ url: '/api/admin/orders?payment=maybe', headers: { token } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'payment must be paid or unpaid' });
  });
});

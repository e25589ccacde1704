import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ORDER_LIFE_MESSAGES,
  adminReturnListResponseSchema,
  adminReturnResponseSchema,
} from '@vastra/shared/schemas/order-life';
import { refunds } from '../../db/schema/after-sale';
import { orders, type OrderRow } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { loggedInAdmin, loggedInShopper, silentLogger, stockOf } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { systemClock } from '../../lib/clock';
import type { RefundDesk } from '../refunds/refund-desk';
import { moveReturnRow } from './returns.repository';
import { createReturnsService } from './returns.service';
import {
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
let admin: { token: string; userId: string; email: string };
const calls = () => returnCalls(t.app);
const mailsTo = (email: string) => t.app.mailer.outbox().filter((m) => m.to === email);

beforeEach(async () => {
  shopper = await loggedInShopper(t.app, t.db);
  admin = await loggedInAdmin(t.app, t.db);
});

/** A request of one unit of the order's first line; an exchange goes to size L. */
async function requested(order: OrderRow, kind: 'refund' | 'exchange') {
  const res = await calls().create(shopper.token, {
    orderId: order.id,
    kind,
    reason: REASON,
    upiId: order.paymentMethod === 'cod' ? 'asha@okaxis' : undefined,
    lines: [
      {
        productId: order.items[0]!._id,
        size: 'M',
        quantity: 1,
        exchangeSize: kind === 'exchange' ? 'L' : undefined,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ return: { _id: string } }>().return._id;
}

async function move(id: string, payload: Record<string, unknown>, status = 200) {
  const res = await calls().move(admin.token, id, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

describe('the admin’s return desk', () => {
  it('walks a refund request to refunded: approve, pick up, receive restocks and asks for the refund', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [
      { price: 999, quantity: 2 },
      { price: 500, quantity: 1 },
    ]);
    const productId = order.items[0]!._id;
    const id = await requested(order, 'refund');

    const listed = adminReturnListResponseSchema.parse((await calls().list(admin.token)).json());
    expect(listed.returns).toHaveLength(1);
    expect(listed.returns[0]).toMatchObject({
      _id: id,
      orderNumber: order.orderNumber,
      user: { _id: shopper.userId, email: shopper.email },
      state: 'requested',
      nextStates: ['approved', 'rejected'],
    });

    const approved = adminReturnResponseSchema.parse(
      (await move(id, { to: 'approved', note: 'Pickup on Monday' })).json(),
    );
    expect(approved.return).toMatchObject({
      state: 'approved',
      adminNote: 'Pickup on Monday',
      nextStates: ['picked_up'],
    });
    await expect.poll(() => mailsTo(shopper.email).length).toBe(1);
    expect(mailsTo(shopper.email)[0]).toMatchObject({
      subject: `Vastra: order #${order.orderNumber}, return approved`,
    });
    expect(mailsTo(shopper.email)[0]!.text).toContain('Note from us: Pickup on Monday');

    await move(id, { to: 'picked_up' });
    await expect.poll(() => mailsTo(shopper.email).length).toBe(2);
    expect(mailsTo(shopper.email)[0]!.subject).toContain('items picked up');
    expect(await stockOf(t.db, productId, 'M')).toMatchObject({ onHand: 10 });

    const received = adminReturnResponseSchema.parse((await move(id, { to: 'received' })).json());
    expect(received.return).toMatchObject({ state: 'refunded', nextStates: [] });
    // The returned unit is on hand again.
    expect(await stockOf(t.db, productId, 'M')).toEqual({ onHand: 11, held: 0, available: 11 });
    expect(await ledger(t.db, productId)).toEqual([
      { size: 'M', reason: 'return_restocked', onHandChange: 1, heldChange: 0, actor: admin.email },
    ]);
    // A refund of the line's share (no coupon: 999.00), for this return. It is sent once the step
    // commits; this test's order was written straight to the database, with a payment the
    // provider does not know, so the money stays due.
    await t.app.refunds.idle();
    const [refund, ...others] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({
      amountPaise: 99_900,
      method: 'razorpay',
      reason: 'returned',
      returnId: id,
    });
    expect((await orderRow(t.db, order.id))?.paymentState).toBe('refund_due');
    expect(await returnEvents(t.db, order.id)).toEqual([
      {
        actor: 'shopper',
        actorLabel: null,
        subjectId: id,
        from: null,
        to: 'requested',
        note: REASON,
      },
      {
        actor: 'admin',
        actorLabel: admin.email,
        subjectId: id,
        from: 'requested',
        to: 'approved',
        note: 'Pickup on Monday',
      },
      {
        actor: 'admin',
        actorLabel: admin.email,
        subjectId: id,
        from: 'approved',
        to: 'picked_up',
        note: null,
      },
      {
        actor: 'admin',
        actorLabel: admin.email,
        subjectId: id,
        from: 'picked_up',
        to: 'received',
        note: null,
      },
      {
        actor: 'system',
        actorLabel: 'return received',
        subjectId: id,
        from: 'received',
        to: 'refunded',
        note: null,
      },
    ]);

    // Closed now: out of the open view, in the closed one.
    expect((await calls().list(admin.token, 'open')).json().returns).toHaveLength(0);
    expect((await calls().list(admin.token, 'closed')).json().returns).toHaveLength(1);
    expect((await calls().list(admin.token, 'all')).json().returns).toHaveLength(1);
  });

  it('walks an exchange: the returned size restocked, the held new size sold when it ships', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const productId = order.items[0]!._id;
    const id = await requested(order, 'exchange');
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 10, held: 1, available: 9 });
    await move(id, { to: 'approved' });
    await move(id, { to: 'picked_up' });
    const received = await move(id, { to: 'received' });
    expect(received.json().return).toMatchObject({
      state: 'received',
      nextStates: ['exchange_shipped'],
    });
    expect(await stockOf(t.db, productId, 'M')).toEqual({ onHand: 11, held: 0, available: 11 });

    const before = await digest(t.db);
    const noCourier = await move(id, { to: 'exchange_shipped', trackingNumber: 'BD-1' }, 400);
    expect(noCourier.json().message).toBe('Please enter the courier');
    const noTracking = await move(id, { to: 'exchange_shipped', courier: 'Bluedart' }, 400);
    expect(noTracking.json().message).toBe('Please enter the tracking number');
    expect(await digest(t.db)).toEqual(before);

    const shipped = await move(id, {
      to: 'exchange_shipped',
      courier: 'Bluedart',
      trackingNumber: 'BD-778899',
    });
    expect(shipped.json().return).toMatchObject({
      state: 'exchange_shipped',
      exchangeShipment: { courier: 'Bluedart', trackingNumber: 'BD-778899' },
      refundPaise: 0,
    });
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 9, held: 0, available: 9 });
    expect(await ledger(t.db, productId)).toEqual([
      { size: 'L', reason: 'exchange_held', onHandChange: 0, heldChange: 1, actor: 'shopper' },
      { size: 'L', reason: 'exchange_sent', onHandChange: -1, heldChange: -1, actor: admin.email },
      { size: 'M', reason: 'return_restocked', onHandChange: 1, heldChange: 0, actor: admin.email },
    ]);
    await expect.poll(() => mailsTo(shopper.email).length).toBe(3);
    const mail = mailsTo(shopper.email)[0]!;
    expect(mail.subject).toBe(`Vastra: order #${order.orderNumber}, new size shipped`);
    expect(mail.text).toContain('Courier: Bluedart, tracking number: BD-778899.');

    await move(id, { to: 'exchange_delivered' });
    expect((await returnRow(t.db, id))?.state).toBe('exchange_delivered');
    // No money moved for an exchange.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('rejects with a note: the exchange’s held units are released and the shopper is told why', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const productId = order.items[0]!._id;
    const id = await requested(order, 'exchange');
    const res = await move(id, { to: 'rejected', note: 'The tag was removed' });
    expect(res.json().return).toMatchObject({
      state: 'rejected',
      adminNote: 'The tag was removed',
      nextStates: [],
    });
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 10, held: 0, available: 10 });
    expect((await ledger(t.db, productId)).map((r) => [r.reason, r.heldChange])).toEqual([
      ['exchange_held', 1],
      ['exchange_released', -1],
    ]);
    await expect.poll(() => mailsTo(shopper.email).length).toBe(1);
    expect(mailsTo(shopper.email)[0]!.text).toContain('Reason: The tag was removed');
    // A rejected request no longer claims its unit.
    const again = await calls().quote(shopper.token, {
      orderId: order.id,
      kind: 'refund',
      lines: [{ productId, size: 'M', quantity: 1 }],
    });
    expect(again.statusCode).toBe(200);
  });

  it.each<[string, 'refund' | 'exchange', string[], Record<string, unknown>, string]>([
    [
      'skipping a step',
      'refund',
      [],
      { to: 'picked_up' },
      'A refund request cannot go from requested to picked up; next allowed: approved or rejected',
    ],
    [
      'the same step twice',
      'refund',
      ['approved'],
      { to: 'approved' },
      'This request is already approved',
    ],
    [
      'a step that is the system’s',
      'refund',
      ['approved', 'picked_up'],
      { to: 'refunded' },
      'A refund request cannot go from picked up to refunded; next allowed: received',
    ],
    [
      'shipping an exchange for a refund',
      'refund',
      ['approved', 'picked_up'],
      { to: 'exchange_shipped', courier: 'X', trackingNumber: 'Y1' },
      'A refund request cannot go from picked up to exchange shipped; next allowed: received',
    ],
    [
      'moving a closed request',
      'exchange',
      ['rejected'],
      { to: 'approved' },
      'A rejected request cannot be moved',
    ],
  ])('refuses %s with a 409 and changes nothing', async (_, kind, path, payload, message) => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const id = await requested(order, kind);
    for (const to of path) await move(id, { to });
    const mails = mailsTo(shopper.email).length;
    const before = await digest(t.db);
    const res = await move(id, payload, 409);
    expect(res.json()).toEqual({ success: false, message });
    expect(await digest(t.db)).toEqual(before);
    expect(mailsTo(shopper.email)).toHaveLength(mails);
  });

  it('keeps a deleted product’s units off sale: returned units are not restocked, a released hold is written off', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 2 }]);
    const productId = order.items[0]!._id;
    const refundId = await requested(order, 'refund');
    const exchangeId = await requested(order, 'exchange');
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, productId));
    await move(exchangeId, { to: 'rejected' });
    for (const to of ['approved', 'picked_up', 'received']) await move(refundId, { to });
    expect(await stockOf(t.db, productId, 'M')).toEqual({ onHand: 10, held: 0, available: 10 });
    expect(await stockOf(t.db, productId, 'L')).toEqual({ onHand: 9, held: 0, available: 9 });
    expect((await ledger(t.db, productId)).map((r) => [r.size, r.reason])).toEqual([
      ['L', 'exchange_held'],
      ['L', 'product_deleted'],
    ]);
    expect((await returnRow(t.db, refundId))?.state).toBe('refunded');
  });

  it('lets one of two admins racing make a step; the other is refused and nothing is done twice', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const id = await requested(order, 'exchange');
    const results = await Promise.all([
      calls().move(admin.token, id, { to: 'rejected' }),
      calls().move(admin.token, id, { to: 'rejected' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ledger(t.db, order.items[0]!._id)).map((r) => r.reason)).toEqual([
      'exchange_held',
      'exchange_released',
    ]);
    expect((await returnEvents(t.db, order.id)).map((e) => e.to)).toEqual([
      'requested',
      'rejected',
    ]);
  });

  it('writes a step only from the state it saw (a lost race is no row)', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }]);
    const id = await requested(order, 'refund');
    await move(id, { to: 'approved' });
    // Another process read it at requested and now writes: nothing matches.
    const at = new Date();
    expect(
      await moveReturnRow(t.db, { id, from: 'requested', to: 'rejected', at }),
    ).toBeUndefined();
    expect((await returnRow(t.db, id))?.state).toBe('approved');
  });

  it('hands a requested refund to the refund desk after the transaction commits', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }], {
      cod: true,
    });
    const id = await requested(order, 'refund');
    const issued: { refundId: string; committed: boolean }[] = [];
    const desk: RefundDesk = {
      issueSoon: (refundId) => {
        // Called after the commit: the refund row is there for anyone to read.
        void t.db
          .select()
          .from(refunds)
          .where(eq(refunds.id, refundId))
          .then((rows) => issued.push({ refundId, committed: rows.length === 1 }));
      },
      handleRefundEvent: () => Promise.resolve({ handled: false, message: 'not used' }),
    };
    const service = createReturnsService({
      db: t.db,
      clock: systemClock,
      mailer: t.app.mailer,
      log: silentLogger,
      refunds: desk,
      tax: t.app.tax,
    });
    for (const to of ['approved', 'picked_up', 'received'] as const)
      await service.adminMove(id, { to }, admin.email);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      method: 'upi_payout',
      upiId: 'asha@okaxis',
      amountPaise: 99_900,
    });
    await expect.poll(() => issued).toEqual([{ refundId: refund!.id, committed: true }]);
  });

  it('will not refund a cash-on-delivery order whose cash is not recorded, and says what to do', async () => {
    const order = await deliveredOrder(t.db, shopper.userId, [{ price: 999, quantity: 1 }], {
      cod: true,
    });
    await t.db
      .update(orders)
      .set({ payment: false, paymentState: 'unpaid' })
      .where(eq(orders.id, order.id));
    const id = await requested(order, 'refund');
    await move(id, { to: 'approved' });
    await move(id, { to: 'picked_up' });
    const refused = await move(id, { to: 'received' }, 409);
    expect(refused.json()).toEqual({
      success: false,
      message: ORDER_LIFE_MESSAGES.refundBeforeCash,
    });
    expect((await returnRow(t.db, id))?.state).toBe('picked_up');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('is for admins only', async () => {
    const list = await calls().list(shopper.token);
    expect(list.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/returns' });
    expect(anonymous.statusCode).toBe(401);
    const moveAsShopper = await calls().move(shopper.token, crypto.randomUUID(), {
      to: 'approved',
    });
    expect(moveAsShopper.statusCode).toBe(403);
    const unknown = await calls().move(admin.token, crypto.randomUUID(), { to: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find this return request');
    const badView = await calls().list(admin.token, 'everything');
    expect(badView.statusCode).toBe(400);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { STOCK_MESSAGES } from '@vastra/shared/schemas/stock';
import { ORDER_MESSAGES, ORDER_STATUS } from '@vastra/shared/schemas/order';
import { ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import { COUPON_MESSAGES } from '@vastra/shared/pricing/coupons';
import { carts } from '../../db/schema/carts';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { orders } from '../../db/schema/orders';
import { razorpayEmulatorOrders } from '../../db/schema/razorpay-emulator';
import { stockMovements } from '../../db/schema/stock';
import { seedCoupons } from '../../db/seed/seed-coupons';
import { manualClock } from '../../lib/clock';
import { changedTables, tableDigests } from '../../test/db-digest';
import {
  ADDRESS,
  insertProducts,
  loggedInAdmin,
  payInEmulator,
  sessionsFor,
  setStock,
  stockOf,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { closeStaleOnlineOrders } from '../orders/orders.service';

/*
 * Stock per size and the holds of unpaid orders (docs/decisions/110), through the real routes on
 * PGlite, or PostgreSQL with TEST_DATABASE_URL. The same race across two server processes is in
 * stock.process.test.ts.
 */

const clock = manualClock(Date.now());
const t = useTestApp({
  // Webhooks go nowhere (a closed port): the payments here are confirmed by the verify call.
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/razorpay' },
  deps: { clock },
  listen: true,
});

beforeEach(async () => {
  await t.db.delete(coupons);
  await seedCoupons(t.db);
  clock.advance(1000);
});

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { token },
    ...(body ? { payload: body } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<any>() };
}

/** A product in sizes M and L with `units` of M (L has no stock row: sold out). */
async function productWith(units: Record<string, number>, price = 1000) {
  const [product] = await insertProducts(t.db, [{ price, sizes: ['M', 'L'] }], 0);
  await setStock(t.db, product!.id, units);
  // Written straight into the tables: the catalogue hears of it as of an admin's write.
  await t.db.execute(sql`NOTIFY catalog_changed`);
  return product!;
}

/** `n` signed-in shoppers, each with `quantity` of the product in size M in the cart. */
async function buyersOf(productId: string, n: number, quantity = 1, size = 'M') {
  const sessions = await sessionsFor(t.db, n, { secret: t.config.jwtSecret!, clock });
  await t.db
    .insert(carts)
    .values(sessions.map((s) => ({ userId: s.userId, productId, size, quantity })));
  return sessions;
}

const checkout = (token: string, extra: object = {}) =>
  call('POST', '/api/order/razorpay', token, { address: ADDRESS, ...extra });

/** What the checkout widget's Pay button sends to the emulator (a declined card: 4000…0002). */
const pay = (providerOrderId: string, card = '4111 1111 1111 1111') =>
  payInEmulator(t, providerOrderId, { card: { number: card, expiry: '12/39', cvv: '123' } });

const shownStock = async (productId: string) =>
  (await t.app.inject(`/api/product/${productId}`)).json<{ product: { stock: object } }>().product
    .stock;
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sweep = () =>
  closeStaleOnlineOrders(t.db, t.app.payments.gateway, clock.now(), {
    refunds: t.app.refunds,
    tax: t.app.tax,
  });

describe('the last units', () => {
  it('200 concurrent buyers of a size with 10 units: exactly 10 orders, available ends at 0', async () => {
    const product = await productWith({ M: 10 });
    const buyers = await buyersOf(product.id, 200);

    const answers = await Promise.all(buyers.map((b) => checkout(b.token)));

    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    expect(new Set(refused.map((a) => a.body.message))).toEqual(
      new Set([STOCK_MESSAGES.sizeSoldOut('M')]),
    );
    expect(await t.db.select().from(orders)).toHaveLength(10);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 10, held: 10, available: 0 });
    const held = await t.db.select().from(stockMovements);
    expect(held).toHaveLength(10);
    expect(held.every((m) => m.reason === 'order_held' && m.heldChange === 1)).toBe(true);
    await expect.poll(() => shownStock(product.id)).toEqual({ M: 0, L: 0 });
    // The refused buyers keep their carts.
    expect(await t.db.select().from(carts)).toHaveLength(200);
  });

  it('refuses a cart line or an order beyond what is left, naming the size and the number, writing nothing', async () => {
    const product = await productWith({ M: 3 });
    const [buyer] = await buyersOf(product.id, 1, 2);
    const line = { itemId: product.id, size: 'M' };

    const tooMany = await call('POST', '/api/cart/update', buyer!.token, { ...line, quantity: 4 });
    expect(tooMany).toEqual({
      status: 409,
      body: { success: false, message: 'Only 3 left in size M' },
    });
    const soldOut = await call('POST', '/api/cart/add', buyer!.token, {
      itemId: product.id,
      size: 'L',
    });
    expect(soldOut).toEqual({
      status: 409,
      body: { success: false, message: 'Size L is sold out' },
    });
    expect((await call('POST', '/api/cart/get', buyer!.token)).body.cartData).toEqual({
      [product.id]: { M: 2 },
    });
    expect((await call('POST', '/api/cart/add', buyer!.token, line)).body.quantity).toBe(3);
    expect((await call('POST', '/api/cart/add', buyer!.token, line)).status).toBe(409);

    // Someone else bought two meanwhile: the order is refused whole, nothing is written.
    await setStock(t.db, product.id, { M: 1 });
    const before = await tableDigests(t.db);
    for (const path of ['/api/order/razorpay', '/api/order/place']) {
      const refused = await call('POST', path, buyer!.token, { address: ADDRESS });
      expect(refused).toEqual({
        status: 409,
        body: { success: false, message: 'Only 1 left in size M' },
      });
    }
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
    // Fewer is always allowed.
    expect(
      (await call('POST', '/api/cart/update', buyer!.token, { ...line, quantity: 1 })).status,
    ).toBe(200);
  });
});

describe('holds', () => {
  it('an expired hold returns its units; a payment after that takes them if they are still there, else a refund is due', async () => {
    const product = await productWith({ M: 3 });
    const [late, unlucky, other] = await buyersOf(product.id, 3, 2);
    const first = await checkout(late!.token);
    expect(first.status).toBe(200);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 3, held: 2, available: 1 });
    const listed = (await call('POST', '/api/order/userorders', late!.token)).body.orders;
    expect(listed[0]).toMatchObject({
      openForPayment: true,
      holdExpiresAt: clock.now().getTime() + t.config.holdMs,
    });

    clock.advance(t.config.holdMs - 1000);
    expect(await sweep()).toEqual({ paid: [], failed: [] });
    clock.advance(2000);
    expect(await sweep()).toEqual({ paid: [], failed: [first.body.orderId] });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 3, held: 0, available: 3 });
    expect(await orderRow(first.body.orderId)).toMatchObject({
      status: ORDER_STATUS.paymentFailed,
      holdState: 'released',
    });
    expect((await call('POST', '/api/order/userorders', late!.token)).body.orders).toEqual([]);
    expect(
      await call('POST', '/api/order/resume', late!.token, { orderId: first.body.orderId }),
    ).toEqual({
      status: 409,
      body: { success: false, message: ORDER_MESSAGES.notOpen },
    });

    // Paid in a window still open: the units are there, so the order is taken and reopened.
    const paid = await pay(first.body.order.id);
    expect((await call('POST', '/api/order/verifyRazorpay', late!.token, paid)).body.message).toBe(
      ORDER_MESSAGES.paymentVerified,
    );
    expect(await orderRow(first.body.orderId)).toMatchObject({
      status: ORDER_STATUS.placed,
      payment: true,
      holdState: 'taken',
      paymentState: 'paid',
    });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 1, held: 0, available: 1 });

    // The same, but the last unit went to another shopper meanwhile: cancelled, refund due.
    const second = await checkout(unlucky!.token, {});
    expect(second.body).toEqual({ success: false, message: 'Only 1 left in size M' });
    await t.db.update(carts).set({ quantity: 1 }).where(eq(carts.userId, unlucky!.userId));
    const held = await checkout(unlucky!.token);
    clock.advance(t.config.holdMs + 1000);
    await sweep();
    await t.db.update(carts).set({ quantity: 1 }).where(eq(carts.userId, other!.userId));
    expect(
      (await call('POST', '/api/order/place', other!.token, { address: ADDRESS })).status,
    ).toBe(200);
    const tooLate = await pay(held.body.order.id);
    expect(
      (await call('POST', '/api/order/verifyRazorpay', unlucky!.token, tooLate)).body.message,
    ).toBe(ORDER_MESSAGES.paidAfterCancel);
    expect(await orderRow(held.body.orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      payment: true,
      paymentState: 'refund_due',
      holdState: 'released',
    });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 0, held: 0, available: 0 });
    const admin = await loggedInAdmin(t.app, t.db);
    const refunds = await call('GET', '/api/admin/orders?view=refund-due', admin.token);
    expect(refunds.body.orders.map((o: { _id: string }) => o._id)).toEqual([held.body.orderId]);
  });

  it('a failed payment returns its units and its coupon once the hold is closed', async () => {
    const product = await productWith({ M: 5 }, 2500);
    const [buyer] = await buyersOf(product.id, 1, 1);
    const admin = await loggedInAdmin(t.app, t.db);
    const freedel = async () =>
      (await call('GET', '/api/admin/coupons', admin.token)).body.coupons.find(
        (c: { code: string }) => c.code === 'FREEDEL',
      );

    const placed = await checkout(buyer!.token, { couponCode: 'FREEDEL' });
    expect(placed.status).toBe(200);
    expect(await freedel()).toMatchObject({ held: 1, redemptions: 0 });
    const declined = await pay(placed.body.order.id, '4000 0000 0000 0002');
    expect(declined.razorpay_payment_id).toBeUndefined();
    expect(await stockOf(t.db, product.id, 'M')).toMatchObject({ held: 1 });

    clock.advance(t.config.holdMs + 1000);
    expect(await sweep()).toEqual({ paid: [], failed: [placed.body.orderId] });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 5, held: 0, available: 5 });
    expect(await freedel()).toMatchObject({ held: 0, redemptions: 0 });
    expect(await t.db.select().from(couponRedemptions)).toEqual([]);

    // The coupon is the shopper's again: the next order holds it, and paying redeems it.
    const again = await checkout(buyer!.token, { couponCode: 'FREEDEL' });
    expect(again.status).toBe(200);
    const paid = await pay(again.body.order.id);
    expect((await call('POST', '/api/order/verifyRazorpay', buyer!.token, paid)).status).toBe(200);
    expect(await freedel()).toMatchObject({ held: 0, redemptions: 1 });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 4, held: 0, available: 4 });
  });

  it('a once-per-account coupon held by an open order cannot be held or used again', async () => {
    const product = await productWith({ M: 5 }, 2500);
    const [buyer] = await buyersOf(product.id, 1, 1);
    expect((await checkout(buyer!.token, { couponCode: 'FREEDEL' })).status).toBe(200);

    // Cash on delivery does not replace the open online order: FREEDEL is taken by it.
    const before = await tableDigests(t.db);
    const cod = await call('POST', '/api/order/place', buyer!.token, {
      address: ADDRESS,
      couponCode: 'FREEDEL',
    });
    expect(cod).toEqual({
      status: 400,
      body: { success: false, message: COUPON_MESSAGES.alreadyUsed('free_delivery') },
    });
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
    // The database refuses a second held use too (the once-per-account index).
    const [use] = await t.db.select().from(couponRedemptions);
    await expect(
      t.db.insert(couponRedemptions).values({ ...use!, id: undefined, orderId: null }),
    ).rejects.toThrow();
    // The same online checkout again reuses its order, coupon and all.
    const same = await checkout(buyer!.token, { couponCode: 'FREEDEL' });
    expect(same.status).toBe(200);
    expect(await t.db.select().from(couponRedemptions)).toHaveLength(1);
  });

  it('20 concurrent identical online checkouts of one cart make one order and one provider order', async () => {
    const product = await productWith({ M: 50 });
    const [buyer] = await buyersOf(product.id, 1, 3);
    // The emulator's tables are not emptied between tests: count what this test adds.
    const providerOrders = async () => (await t.db.select().from(razorpayEmulatorOrders)).length;
    const providerOrdersBefore = await providerOrders();

    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(buyer!.token)));

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    expect(await t.db.select().from(orders)).toHaveLength(1);
    expect((await providerOrders()) - providerOrdersBefore).toBe(1);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 50, held: 3, available: 47 });
  });

  it('another cart replaces the open order and its hold; "Complete payment" and "Cancel" act on the open one', async () => {
    const product = await productWith({ M: 10 });
    const [buyer] = await buyersOf(product.id, 1, 2);
    const first = await checkout(buyer!.token);
    expect((await call('POST', '/api/cart/get', buyer!.token)).body.held).toEqual({
      [product.id]: { M: 2 },
    });
    await t.db.update(carts).set({ quantity: 3 }).where(eq(carts.userId, buyer!.userId));
    const second = await checkout(buyer!.token);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect(await orderRow(first.body.orderId)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      holdState: 'released',
    });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 10, held: 3, available: 7 });

    const resumed = await call('POST', '/api/order/resume', buyer!.token, {
      orderId: second.body.orderId,
    });
    expect(resumed.body).toMatchObject({ orderId: second.body.orderId, order: second.body.order });
    expect(
      await call('POST', '/api/order/cancel', buyer!.token, { orderId: second.body.orderId }),
    ).toEqual({
      status: 200,
      body: { success: true, message: ORDER_LIFE_MESSAGES.cancelled, refundPaise: 0 },
    });
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 10, held: 0, available: 10 });
    expect(
      await call('POST', '/api/order/cancel', buyer!.token, { orderId: second.body.orderId }),
    ).toEqual({
      status: 409,
      body: { success: false, message: ORDER_LIFE_MESSAGES.cannotCancelClosed },
    });
    expect((await call('POST', '/api/order/userorders', buyer!.token)).body.orders).toEqual([]);
    const reasons = await t.db
      .select({ reason: stockMovements.reason, held: stockMovements.heldChange })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.size, 'M')));
    expect(reasons.map((r) => r.held).reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe('the owner’s stock', () => {
  it('an order cancelled before shipping puts the units it took back on hand, once', async () => {
    const product = await productWith({ M: 5 });
    const admin = await loggedInAdmin(t.app, t.db);
    const [cod, online] = await buyersOf(product.id, 2, 2);
    const placed = await call('POST', '/api/order/place', cod!.token, { address: ADDRESS });
    expect(placed.status).toBe(200);
    const started = await checkout(online!.token);
    const paid = await pay(started.body.order.id);
    expect((await call('POST', '/api/order/verifyRazorpay', online!.token, paid)).status).toBe(200);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 1, held: 0, available: 1 });

    const cancel = (orderId: string) =>
      call('POST', `/api/admin/orders/${orderId}/status`, admin.token, {
        status: ORDER_STATUS.cancelled,
      });
    expect((await cancel(placed.body.orderId)).status).toBe(200);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 3, held: 0, available: 3 });
    expect((await cancel(started.body.orderId)).status).toBe(200);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 5, held: 0, available: 5 });
    // A second cancellation is refused by the order's steps and gives nothing back twice.
    expect((await cancel(placed.body.orderId)).status).toBe(409);
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 5, held: 0, available: 5 });

    const ledger = await call(
      'GET',
      `/api/admin/products/${product.id}/stock-movements`,
      admin.token,
    );
    const back = ledger.body.movements.filter(
      (m: { reason: string }) => m.reason === 'order_cancelled',
    );
    expect(back).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          size: 'M',
          onHandChange: 2,
          heldChange: 0,
          orderId: placed.body.orderId,
          actor: admin.email,
        }),
        expect.objectContaining({ onHandChange: 2, orderId: started.body.orderId }),
      ]),
    );
    expect(back).toHaveLength(2);
  });

  it('refuses bad stock with a 400 naming what is wrong, and changes nothing', async () => {
    const product = await productWith({ M: 4 });
    const admin = await loggedInAdmin(t.app, t.db);
    const before = await tableDigests(t.db);
    for (const [stock, message] of [
      [{ M: -1 }, STOCK_MESSAGES.onHand],
      [{ M: 1.5 }, STOCK_MESSAGES.onHand],
      [{ M: '5' }, STOCK_MESSAGES.onHand],
      [{ M: 100_001 }, STOCK_MESSAGES.onHand],
      [{ XS: 3 }, STOCK_MESSAGES.unknownSize('XS')],
      [{ L: 2, '30': 1 }, STOCK_MESSAGES.unknownSize('30')],
    ] as const) {
      const res = await call('PATCH', `/api/admin/products/${product.id}`, admin.token, { stock });
      expect(res.status, JSON.stringify(stock)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
  });

  it('sets stock per size, never below what is held; lists low stock and the ledger', async () => {
    const product = await productWith({ M: 4 });
    const admin = await loggedInAdmin(t.app, t.db);
    const [buyer] = await buyersOf(product.id, 1, 3);
    expect((await checkout(buyer!.token)).status).toBe(200);

    const below = await call('PATCH', `/api/admin/products/${product.id}`, admin.token, {
      stock: { M: 2 },
    });
    expect(below).toEqual({
      status: 409,
      body: { success: false, message: STOCK_MESSAGES.belowHeld('M', 3) },
    });
    const set = await call('PATCH', `/api/admin/products/${product.id}`, admin.token, {
      stock: { M: 3, L: 7 },
    });
    expect(set.body.product).toMatchObject({
      stock: { M: { onHand: 3, held: 3, available: 0 }, L: { onHand: 7, held: 0, available: 7 } },
      available: 7,
    });
    const low = await call('GET', '/api/admin/stock/low?threshold=0', admin.token);
    expect(low.body.rows).toEqual([
      expect.objectContaining({
        productId: product.id,
        size: 'M',
        onHand: 3,
        held: 3,
        available: 0,
      }),
    ]);
    expect((await call('GET', '/api/admin/stock/low?threshold=-1', admin.token)).status).toBe(400);
    const sorted = await call('GET', '/api/admin/products?sort=stock&lowStock=0', admin.token);
    expect(sorted.body.products.map((p: { _id: string }) => p._id)).toEqual([product.id]);

    const ledger = await call(
      'GET',
      `/api/admin/products/${product.id}/stock-movements`,
      admin.token,
    );
    expect(ledger.body.total).toBe(3);
    expect(ledger.body.movements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          size: 'M',
          onHandChange: -1,
          reason: 'admin',
          actor: admin.email,
        }),
        expect.objectContaining({ size: 'L', onHandChange: 7, reason: 'admin' }),
        expect.objectContaining({
          size: 'M',
          heldChange: 3,
          reason: 'order_held',
          actor: 'shopper',
        }),
      ]),
    );

    // Deleted: the 7 unheld units leave at once, the 3 held ones when their hold ends.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/products/${product.id}`,
          headers: { token: admin.token },
        })
      ).statusCode,
    ).toBe(200);
    expect(await stockOf(t.db, product.id, 'L')).toEqual({ onHand: 0, held: 0, available: 0 });
    clock.advance(t.config.holdMs + 1000);
    await sweep();
    expect(await stockOf(t.db, product.id, 'M')).toEqual({ onHand: 0, held: 0, available: 0 });
    const deleted = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'product_deleted'));
    expect(deleted.map((m) => [m.size, m.onHandChange, m.heldChange]).sort()).toEqual([
      ['L', -7, 0],
      ['M', -3, -3],
    ]);
  });
});

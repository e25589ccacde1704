import { CURRENCY_CODE } from '@vastra/shared/constants';
import { COUPON_MESSAGES } from '@vastra/shared/pricing/coupons';
import {
  ORDER_MESSAGES,
  ORDER_STATUS,
  type Address,
  type OrderItem,
  type OrderSummary,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError, isAppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway, ProviderPayment } from '../../providers/payments/payment-gateway';
import type { RefundDesk } from '../refunds/refund-desk';
import { accountContacts } from '../auth/auth.service';
import { clearCart, lockCart } from '../cart/cart.service';
import { productsById } from '../catalog/catalog.service';
import {
  priceCart,
  recordRedemption,
  redeemHeldCoupon,
  releaseHeldCoupon,
} from '../coupons/coupons.service';
import {
  holdStock,
  releaseStock,
  replaceHold,
  restockStock,
  sellHeldStock,
  takeStock,
  type StockLine,
} from '../stock/stock.service';
import { confirmationMail } from './order-mail';
import {
  countCountedOrders,
  endHold,
  endTaken,
  findExpiredHolds,
  findOpenOnlineOrder,
  findOrderByProviderId,
  findOrderOfUser,
  findStaleOnlineOrders,
  insertOrder,
  listOrdersOfUser,
  lockOpenOnlineOrder,
  lockOrder,
  markFailed,
  markPaidOnce,
  readUnitsSold,
  recordPaymentEvent,
  forgetPaymentEvent,
  setProviderOrderId,
} from './orders.repository';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';

/**
 * Online orders that hold nothing (cancelled by the shop, or placed before holds existed) and are
 * unpaid this long are checked with the provider and closed if unpaid. Held orders are checked
 * when their hold runs out (HOLD_MINUTES, docs/decisions/110).
 */
export const STALE_ONLINE_ORDER_MS = 30 * 60_000;

/** How long a checkout waits for the provider order another request of the shopper is creating. */
const PROVIDER_ORDER_WAIT_MS = 10_000;

interface OrdersDeps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: Logger;
  mailer?: Mailer | undefined;
  /** How long an unpaid online order holds its units and coupon (config HOLD_MINUTES). */
  holdMs: number;
  /** `npm run bench`'s baseline only (BENCH_WITHOUT_STOCK, refused in production). */
  withoutStock?: boolean;
  /** Where `refund.*` webhooks go (docs/decisions/119-refunds-and-webhook-retries.md). */
  refunds?: RefundDesk | undefined;
}

/** The units an order's lines stand for. */
function stockLines(items: readonly OrderItem[]): StockLine[] {
  return items.map((item) => ({ productId: item._id, size: item.size, quantity: item.quantity }));
}

/**
 * Ends an order's live hold, in the caller's transaction: its units and coupon go back. With
 * `close` the order is also closed unpaid (failed, expired or cancelled by the shopper). Only
 * from 'held', so the sweep, a payment and a cancel racing end it once; false if it was not held.
 */
async function endHoldAndRelease(
  tx: Database,
  order: Pick<OrderRow, 'id'>,
  close: { status: string; at: Date } | null,
  actor: string,
): Promise<OrderRow | undefined> {
  const ended = await endHold(tx, order.id, close);
  if (!ended) return undefined;
  await releaseStock(tx, stockLines(ended.items), { orderId: ended.id, actor });
  await releaseHeldCoupon(tx, ended.id);
  return ended;
}

/**
 * An admin's cancellation (only before shipping, ORDER_STATUS_STEPS) gives the units back at once,
 * in the admin's transaction: an unpaid online order's hold and coupon are released (a payment
 * arriving later is recorded for a refund); the units a cash-on-delivery or paid order took are
 * on hand again. Each at most once, from the order's hold state.
 */
export async function releaseCancelledOrder(
  tx: Database,
  orderId: string,
  actor: string,
): Promise<void> {
  if (await endHoldAndRelease(tx, { id: orderId }, null, actor)) return;
  const returned = await endTaken(tx, orderId);
  if (returned) await restockStock(tx, stockLines(returned.items), { orderId, actor });
}

/** Units the shopper's open online order holds, by product and size (the cart's checks). */
export async function heldByShopper(
  db: Database,
  userId: string,
): Promise<Record<string, Record<string, number>>> {
  const open = await findOpenOnlineOrder(db, userId);
  const held: Record<string, Record<string, number>> = {};
  for (const line of stockLines(open?.items ?? [])) {
    const sizes = (held[line.productId] ??= {});
    sizes[line.size] = (sizes[line.size] ?? 0) + line.quantity;
  }
  return held;
}

/** The shopper's open online order, for the coupon check (its held coupon is not in the way). */
export async function openOnlineOrderId(db: Database, userId: string): Promise<string | null> {
  return (await findOpenOnlineOrder(db, userId))?.id ?? null;
}

interface Customer {
  id: string;
  name: string;
  email: string;
}

interface PlaceInput {
  address: Address;
  couponCode?: string | null | undefined;
  /** The total the shopper was shown; when it differs from the server's price, nothing is placed. */
  expectedTotal?: number | undefined;
}

/** JSON with sorted keys: jsonb does not keep key order, so rows are compared this way. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Whether an open order is for exactly these items, address, coupon and amount. */
function sameContents(
  row: OrderRow,
  wanted: Pick<OrderRow, 'items' | 'address' | 'amount' | 'couponCode'>,
): boolean {
  const lines = (items: OrderItem[]) =>
    items.map((i) => [i._id, i.size, i.quantity, i.price] as const);
  return (
    row.amount === wanted.amount &&
    row.couponCode === wanted.couponCode &&
    canonical(lines(row.items)) === canonical(lines(wanted.items)) &&
    canonical(row.address) === canonical(wanted.address)
  );
}

const toPaise = (rupees: number) => rupees * 100;

/** Looks the account up (awaited, so the mail is on its way when the call answers), then sends. */
async function sendConfirmation(
  deps: Pick<OrdersDeps, 'db' | 'mailer' | 'log'>,
  order: OrderRow,
): Promise<void> {
  const { mailer, log } = deps;
  if (!mailer) return;
  // Best effort: a mail failure never undoes an order.
  const warn = (error: unknown) =>
    log.warn({ err: error, orderId: order.id }, 'order confirmation e-mail not sent');
  try {
    const account = (await accountContacts(deps.db, [order.userId])).get(order.userId);
    if (account) mailer.send(confirmationMail(order, account)).catch(warn);
  } catch (error) {
    warn(error);
  }
}

/**
 * Pays an order once, with its units and coupon, in one transaction holding the order row:
 * - held (the usual case): the held units are sold and the held coupon becomes a redemption;
 * - cancelled meanwhile: the money is recorded and a refund is due; nothing is taken;
 * - its hold ended unpaid (expired or failed): the units are taken if still available (the order
 *   reopens), otherwise the order is cancelled with a refund due (docs/decisions/110).
 * Undefined when it was already paid: a replay or the race's loser (webhook, verify, sweep).
 */
async function settlePaid(
  deps: Pick<OrdersDeps, 'db' | 'log' | 'mailer'>,
  order: Pick<OrderRow, 'id'>,
  providerPaymentId: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const paid = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current || current.payment) return undefined;
    const lines = stockLines(current.items);
    const who = { orderId: current.id, actor: 'system' };
    let holdState = current.holdState;
    let refundDue = false;
    let redeemAnew = current.couponCode !== null;
    if (current.holdState === 'held') {
      await sellHeldStock(tx, lines, who);
      holdState = 'taken';
      redeemAnew = current.couponCode !== null && !(await redeemHeldCoupon(tx, current.id));
    } else if (current.status === ORDER_STATUS.cancelled) {
      refundDue = true;
    } else if (current.holdState === 'released') {
      try {
        // A savepoint: a size that fell short undoes only the taking, not the payment.
        await tx.transaction((sp) => takeStock(sp, lines, who));
        holdState = 'taken';
      } catch (error) {
        if (!isAppError(error) || error.type !== 'conflict') throw error;
        refundDue = true;
      }
    }
    const row = await markPaidOnce(tx, current.id, providerPaymentId, now, {
      holdState,
      refundDue,
    });
    if (!row) return undefined;
    // Paid after the shop cancelled it (decision 082) or too late for its units: the money is
    // recorded for the refund, but the order is not confirmed, its coupon not spent and the
    // shopper's cart not touched.
    if (row.status === ORDER_STATUS.cancelled) return row;
    if (redeemAnew && row.couponCode) {
      const recorded = await recordRedemption(tx, {
        code: row.couponCode,
        userId: row.userId,
        orderId: row.id,
      });
      // The money is taken; the order stands even if the coupon got used meanwhile elsewhere.
      if (!recorded)
        deps.log.warn({ orderId: row.id, coupon: row.couponCode }, 'coupon already redeemed');
    }
    await clearCart(tx, row.userId);
    return row;
  });
  if (paid?.status === ORDER_STATUS.cancelled) {
    deps.log.warn(
      { orderId: paid.id, providerPaymentId, paymentState: paid.paymentState },
      'payment for an order that cannot be fulfilled: refund due',
    );
  } else if (paid) {
    deps.log.info({ orderId: paid.id, providerPaymentId }, 'order paid');
    shopMetrics.ordersPaid.inc({ payment: 'razorpay' });
    await sendConfirmation(deps, paid);
  }
  return paid;
}

/** A captured payment of the whole order amount, if the provider has one. */
function capturedFor(
  order: OrderRow,
  payments: readonly ProviderPayment[],
): ProviderPayment | undefined {
  return payments.find(
    (p) =>
      p.status === 'captured' &&
      p.amount === toPaise(order.amount) &&
      (p.orderId === null || p.orderId === order.providerOrderId),
  );
}

/**
 * The reconciliation: online orders whose hold ran out, and unheld ones unpaid for 30 minutes,
 * are checked with the provider first; a captured payment pays them, otherwise they are closed as
 * 'Payment Failed' and their units and coupon go back. One order's provider error does not stop
 * the others.
 */
export async function closeStaleOnlineOrders(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  opts: { log?: Logger; mailer?: Mailer | undefined } = {},
): Promise<{ paid: string[]; failed: string[] }> {
  const log = opts.log ?? { info() {}, warn() {}, error() {} };
  const expired = await findExpiredHolds(db, now);
  const stale = await findStaleOnlineOrders(db, new Date(now.getTime() - STALE_ONLINE_ORDER_MS));
  const result = { paid: [] as string[], failed: [] as string[] };
  for (const order of [...expired, ...stale]) {
    try {
      if (order.providerOrderId) {
        const captured = capturedFor(
          order,
          await gateway.fetchOrderPayments(order.providerOrderId),
        );
        if (captured) {
          if (await settlePaid({ db, log, mailer: opts.mailer }, order, captured.id, now))
            result.paid.push(order.id);
          continue;
        }
      }
      const closed =
        order.holdState === 'held'
          ? await db.transaction(
              async (tx) =>
                (await endHoldAndRelease(
                  tx,
                  order,
                  { status: ORDER_STATUS.paymentFailed, at: now },
                  'system',
                )) !== undefined,
            )
          : await markFailed(db, order.id, now);
      if (closed) result.failed.push(order.id);
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'could not reconcile an unpaid online order');
    }
  }
  return result;
}

/**
 * How many orders the shopper has placed: paid ones and cash-on-delivery ones, unless cancelled (an
 * abandoned online payment is not an order). `POST /api/order/ordercount` answers it.
 */
function countPlacedOrders(db: Database, userId: string): Promise<number> {
  return countCountedOrders(db, userId, null);
}

/**
 * FREEDEL's earlier orders (docs/architecture.md §4.1): the placed ones and the open online one
 * holding its units (decision 110), except the open order a checkout reuses or replaces. The
 * coupons module counts with it.
 */
export function countEarlierOrders(
  db: Database,
  userId: string,
  exceptOrderId: string | null,
): Promise<number> {
  return countCountedOrders(db, userId, { exceptOrderId });
}

/** Units sold per product over paid orders: the catalogue's best sellers (docs/architecture.md §4.7). */
export function unitsSoldInPaidOrders(db: Database): Promise<Map<string, number>> {
  return readUnitsSold(db);
}

/** Whether the order's hold is live now: an unpaid online order that can be paid. */
function openForPayment(row: OrderRow, now: Date): boolean {
  return (
    row.paymentMethod === 'razorpay' &&
    !row.payment &&
    row.holdState === 'held' &&
    row.holdExpiresAt !== null &&
    row.holdExpiresAt > now
  );
}

export function toOrderSummary(row: OrderRow, now: Date): OrderSummary {
  return {
    _id: row.id,
    items: row.items,
    address: row.address,
    amount: row.amount,
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    discount: row.discount,
    coupon: row.couponCode,
    paymentMethod: row.paymentMethod,
    payment: row.payment,
    status: row.status,
    date: row.createdAt.getTime(),
    openForPayment: openForPayment(row, now),
    holdExpiresAt: row.holdState === 'held' ? (row.holdExpiresAt?.getTime() ?? null) : null,
  };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, gateway, clock, log, holdMs } = deps;

  /**
   * Prices the server cart and writes the order with its hold, in one transaction holding the
   * cart (docs/decisions/110). Online: the shopper's open online order for the same contents is
   * answered instead (`reused`); one for other contents is cancelled and its hold given back in
   * the same transaction. The units are held (online) or taken (cash on delivery) by conditional
   * updates; a size that falls short refuses the whole order (409), writing nothing.
   */
  async function createOrder(
    customer: Customer,
    input: PlaceInput,
    method: PaymentMethod,
  ): Promise<{ row: OrderRow; reused: boolean }> {
    return db.transaction(async (tx) => {
      await lockCart(tx, customer.id);
      const now = clock.now();
      const open = await lockOpenOnlineOrder(tx, customer.id);
      // An online checkout reuses or replaces the open order: it does not count against itself.
      const replacing = method === 'razorpay' ? open : undefined;
      const priced = await priceCart(tx, customer.id, input.couponCode ?? null, {
        countEarlierOrders,
        exceptOrderId: replacing?.id ?? null,
      });
      if (priced.lines.length === 0 || priced.totals.itemCount === 0)
        throw new AppError('invalid_data', ORDER_MESSAGES.emptyCart);
      // The browser's total is never used, only compared: a price changed since the page showed
      // it stops the order, so what the shopper saw is what is charged (docs/architecture.md §4.2).
      if (input.expectedTotal !== undefined && input.expectedTotal !== priced.totals.total)
        throw new AppError('conflict', ORDER_MESSAGES.totalChanged);
      const snapshots = await productsById(
        tx,
        priced.lines.map((l) => l.productId),
      );
      const items: OrderItem[] = priced.lines.map((line) => {
        const product = snapshots.get(line.productId);
        return {
          _id: line.productId,
          name: line.name,
          image: product?.images ?? (line.image ? [line.image] : []),
          price: line.unitPrice,
          category: product?.category ?? '',
          subCategory: product?.subCategory ?? '',
          size: line.size,
          quantity: line.quantity,
        };
      });
      const couponCode = priced.coupon?.code ?? null;
      const wanted = { items, address: input.address, amount: priced.totals.total, couponCode };
      const live = replacing?.holdExpiresAt ? replacing.holdExpiresAt > now : false;
      if (replacing && live && sameContents(replacing, wanted))
        return { row: replacing, reused: true };
      // The replaced order closes first: the new one takes its place in the one-open-order index.
      if (replacing) await endHold(tx, replacing.id, { status: ORDER_STATUS.cancelled, at: now });
      const online = method === 'razorpay';
      const row = await insertOrder(tx, {
        userId: customer.id,
        ...wanted,
        subtotal: priced.totals.subtotal,
        deliveryFee: priced.totals.deliveryFee,
        discount: priced.totals.discount,
        paymentMethod: method,
        payment: false,
        status: ORDER_STATUS.placed,
        createdAt: now,
        holdState: online ? 'held' : 'taken',
        holdExpiresAt: online ? new Date(now.getTime() + holdMs) : null,
      });
      const who = { orderId: row.id, actor: 'shopper' };
      if (deps.withoutStock) {
        // The benchmark's baseline: the same order without its stock step (decision 110).
      } else if (replacing) {
        await replaceHold(tx, stockLines(replacing.items), stockLines(items), {
          released: { orderId: replacing.id, actor: 'shopper' },
          held: who,
        });
        await releaseHeldCoupon(tx, replacing.id);
      } else if (online) await holdStock(tx, stockLines(items), who);
      else await takeStock(tx, stockLines(items), who);
      if (priced.coupon) {
        // Held like the units until the payment (online), used at once (cash on delivery); the
        // once-per-account index covers both, so it cannot be held twice.
        const recorded = await recordRedemption(tx, {
          code: priced.coupon.code,
          userId: customer.id,
          orderId: row.id,
          state: online ? 'held' : 'redeemed',
        });
        if (!recorded)
          throw new AppError('invalid_data', COUPON_MESSAGES.alreadyUsed(priced.coupon.kind));
      }
      if (!online) await clearCart(tx, customer.id);
      return { row, reused: false };
    });
  }

  /** The provider order of an order: as stored, or once the request creating it has stored it. */
  async function providerOrderOf(order: OrderRow) {
    let current: OrderRow | undefined = order;
    const until = Date.now() + PROVIDER_ORDER_WAIT_MS;
    while (current && !current.providerOrderId && current.holdState === 'held') {
      if (Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
      current = await findOrderOfUser(db, order.id, order.userId);
    }
    if (!current?.providerOrderId || current.holdState !== 'held')
      throw new AppError('conflict', ORDER_MESSAGES.notOpen);
    return {
      order: current,
      providerOrder: {
        id: current.providerOrderId,
        amount: toPaise(current.amount),
        currency: CURRENCY_CODE,
        receipt: current.id,
      },
    };
  }

  return {
    async placeCod(customer: Customer, input: PlaceInput) {
      const { row: order } = await createOrder(customer, input, 'cod');
      log.info({ orderId: order.id }, 'cash-on-delivery order placed');
      shopMetrics.ordersPlaced.inc({ payment: 'cod' });
      await sendConfirmation(deps, order);
      return order;
    },

    /**
     * Our order first (unpaid, holding its units), then — outside any transaction — the
     * provider's order. A reused order answers its provider order; while the request that created
     * the order is still creating that, this one waits for it, so twenty identical checkouts at
     * once make one order and one provider order.
     */
    async createRazorpay(customer: Customer, input: PlaceInput) {
      const { row: order, reused } = await createOrder(customer, input, 'razorpay');
      // Razorpay takes several attempts on one order: the shopper who closed the window pays it.
      if (reused) {
        log.info({ orderId: order.id }, 'online order reopened for another payment attempt');
        return providerOrderOf(order);
      }
      try {
        const providerOrder = await gateway.createOrder({
          amountPaise: toPaise(order.amount),
          receipt: order.id,
          notes: { orderId: order.id },
        });
        await setProviderOrderId(db, order.id, providerOrder.id);
        shopMetrics.ordersPlaced.inc({ payment: 'razorpay' });
        return { order, providerOrder };
      } catch (error) {
        shopMetrics.paymentFailures.inc({ reason: 'provider order not created' });
        // No provider order: nothing can pay this one, so it is closed now and its hold released.
        await db
          .transaction((tx) =>
            endHoldAndRelease(
              tx,
              order,
              { status: ORDER_STATUS.paymentFailed, at: clock.now() },
              'system',
            ),
          )
          .catch((closeError: unknown) =>
            log.error({ err: closeError, orderId: order.id }, 'could not close an order'),
          );
        throw error;
      }
    },

    /** "Complete payment": the payment window again for the shopper's open online order. */
    async resume(customer: Customer, orderId: string) {
      const order = await findOrderOfUser(db, orderId, customer.id);
      if (!order) throw new AppError('not_found', ORDER_MESSAGES.notFound);
      if (!openForPayment(order, clock.now()))
        throw new AppError('conflict', ORDER_MESSAGES.notOpen);
      return providerOrderOf(order);
    },

    /** The shopper cancels an unpaid online order: closed, and its units and coupon go back. */
    async cancel(customer: Customer, orderId: string): Promise<void> {
      const cancelled = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order || order.userId !== customer.id)
          throw new AppError('not_found', ORDER_MESSAGES.notFound);
        return endHoldAndRelease(
          tx,
          order,
          { status: ORDER_STATUS.cancelled, at: clock.now() },
          'shopper',
        );
      });
      if (!cancelled) throw new AppError('conflict', ORDER_MESSAGES.cannotCancel);
      log.info({ orderId }, 'unpaid online order cancelled by the shopper');
    },

    async verifyRazorpay(
      customer: Customer,
      body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
    ) {
      const order = await findOrderByProviderId(db, body.razorpay_order_id);
      if (!order || order.userId !== customer.id || !order.providerOrderId)
        throw new AppError('not_found', ORDER_MESSAGES.notFound);
      const signed = gateway.verifyPaymentSignature({
        orderId: order.providerOrderId,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      if (!signed) {
        shopMetrics.paymentFailures.inc({ reason: 'bad signature' });
        throw new AppError('invalid_data', ORDER_MESSAGES.paymentFailed);
      }
      if (order.payment) return { order, newlyPaid: false };
      let payment: ProviderPayment;
      try {
        payment = await gateway.fetchPayment(body.razorpay_payment_id);
      } catch (error) {
        if (isAppError(error) && (error.type === 'not_found' || error.type === 'invalid_data'))
          throw new AppError('invalid_data', ORDER_MESSAGES.paymentFailed);
        throw error;
      }
      if (!capturedFor(order, [payment]) || payment.orderId !== order.providerOrderId) {
        shopMetrics.paymentFailures.inc({ reason: 'not captured' });
        throw new AppError('invalid_data', ORDER_MESSAGES.paymentFailed);
      }
      const paid = await settlePaid(deps, order, payment.id, clock.now());
      return { order: paid ?? order, newlyPaid: paid !== undefined };
    },

    /**
     * A webhook already checked for its signature. Answers whether it was handled now (false for
     * a repeated event id or an event we do not act on).
     */
    async handleWebhook(rawBody: Buffer, eventId: string | undefined) {
      let event: {
        event?: string;
        payload?: {
          payment?: {
            entity?: { id?: string; order_id?: string; status?: string; amount?: number };
          };
          order?: { entity?: { id?: string } };
        };
      };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new AppError('invalid_data', 'Invalid webhook body');
      }
      const name = typeof event.event === 'string' ? event.event : 'unknown';
      if (eventId && !(await recordPaymentEvent(db, eventId, name)))
        return { handled: false, message: 'Event already processed' };
      try {
        if (name.startsWith('refund.') && deps.refunds)
          return await deps.refunds.handleRefundEvent(name, event.payload);
        if (name !== 'payment.captured' && name !== 'order.paid')
          return { handled: false, message: 'Event ignored' };
        const payment = event.payload?.payment?.entity;
        const providerOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
        if (!payment?.id || !providerOrderId) return { handled: false, message: 'Event ignored' };
        const order = await findOrderByProviderId(db, providerOrderId);
        if (!order) return { handled: false, message: 'Order not found' };
        if (payment.status !== 'captured' || payment.amount !== toPaise(order.amount)) {
          log.warn(
            { orderId: order.id, paymentId: payment.id },
            'webhook payment does not match the order',
          );
          return { handled: false, message: 'Payment does not match the order' };
        }
        const paid = await settlePaid(deps, order, payment.id, clock.now());
        return { handled: paid !== undefined, message: paid ? 'Order paid' : 'Order already paid' };
      } catch (error) {
        // Not handled: let the provider's retry (same event id) try again.
        if (eventId) await forgetPaymentEvent(db, eventId).catch(() => {});
        throw error;
      }
    },

    /** The payment-return check: true only when the order is really paid (asking the provider). */
    async verifyReturn(customer: Customer, orderId: string): Promise<boolean> {
      const order = await findOrderOfUser(db, orderId, customer.id);
      if (!order) throw new AppError('not_found', ORDER_MESSAGES.notFound);
      if (order.payment) return true;
      if (order.paymentMethod !== 'razorpay' || !order.providerOrderId) return false;
      const captured = capturedFor(order, await gateway.fetchOrderPayments(order.providerOrderId));
      if (!captured) return false;
      await settlePaid(deps, order, captured.id, clock.now());
      return true;
    },

    async list(customer: Customer) {
      const now = clock.now();
      return (await listOrdersOfUser(db, customer.id)).map((row) => toOrderSummary(row, now));
    },

    count(customer: Customer) {
      return countPlacedOrders(db, customer.id);
    },

    closeStale(now: Date = clock.now()) {
      return closeStaleOnlineOrders(db, gateway, now, { log, mailer: deps.mailer });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

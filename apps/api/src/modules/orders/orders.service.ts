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
import { accountContacts } from '../auth/auth.service';
import { clearCart, lockCart } from '../cart/cart.service';
import { productsById } from '../catalog/catalog.service';
import { priceCart, recordRedemption } from '../coupons/coupons.service';
import { confirmationMail } from './order-mail';
import {
  countCountedOrders,
  findOrderByProviderId,
  findOrderOfUser,
  findStaleOnlineOrders,
  insertOrder,
  listOrdersOfUser,
  markFailed,
  findOpenOnlineOrders,
  markPaidOnce,
  readUnitsSold,
  recordPaymentEvent,
  forgetPaymentEvent,
  setProviderOrderId,
} from './orders.repository';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';

/** Online orders unpaid for this long are checked with the provider and closed if unpaid. */
export const STALE_ONLINE_ORDER_MS = 30 * 60_000;

interface OrdersDeps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: Logger;
  mailer?: Mailer | undefined;
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

/** An unpaid online order this recent, for the same things, is reopened rather than repeated. */
export const REUSE_ONLINE_ORDER_MS = 15 * 60_000;

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
 * Pays an order once (conditional UPDATE), and only then records its coupon and clears the cart,
 * in one transaction. Undefined when it was already paid: a replay or the race's loser.
 */
async function settlePaid(
  deps: Pick<OrdersDeps, 'db' | 'log' | 'mailer'>,
  order: Pick<OrderRow, 'id'>,
  providerPaymentId: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const paid = await deps.db.transaction(async (tx) => {
    const row = await markPaidOnce(tx, order.id, providerPaymentId, now);
    if (!row) return undefined;
    // Paid after the shop cancelled it (decision 082): the money is recorded for the refund, but
    // the order is not confirmed, its coupon not spent and the shopper's cart not touched.
    if (row.status === ORDER_STATUS.cancelled) return row;
    if (row.couponCode) {
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
      { orderId: paid.id, providerPaymentId },
      'payment for a cancelled order: refund due',
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
 * The 30-minute reconciliation: online orders still unpaid are checked with the provider; a
 * captured payment pays them, otherwise they are closed as 'Payment Failed'. One order's provider
 * error does not stop the others.
 */
export async function closeStaleOnlineOrders(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  opts: { log?: Logger; mailer?: Mailer | undefined } = {},
): Promise<{ paid: string[]; failed: string[] }> {
  const log = opts.log ?? { info() {}, warn() {}, error() {} };
  const stale = await findStaleOnlineOrders(db, new Date(now.getTime() - STALE_ONLINE_ORDER_MS));
  const result = { paid: [] as string[], failed: [] as string[] };
  for (const order of stale) {
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
      if (await markFailed(db, order.id, now)) result.failed.push(order.id);
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'could not reconcile an unpaid online order');
    }
  }
  return result;
}

/**
 * How many orders the shopper has placed: paid ones and cash-on-delivery ones, unless cancelled (an
 * abandoned online payment is not an order). `POST /api/order/ordercount` answers it, and the
 * coupons module counts FREEDEL's earlier orders with it (docs/architecture.md §4.1).
 */
export function countPlacedOrders(db: Database, userId: string): Promise<number> {
  return countCountedOrders(db, userId);
}

/** Units sold per product over paid orders: the catalogue's best sellers (docs/architecture.md §4.7). */
export function unitsSoldInPaidOrders(db: Database): Promise<Map<string, number>> {
  return readUnitsSold(db);
}

export function toOrderSummary(row: OrderRow): OrderSummary {
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
  };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, gateway, clock, log } = deps;

  /**
   * Prices the server cart and writes the order, in one transaction holding the cart. An online
   * order identical to one still open from the last minutes answers that one (`reused`).
   */
  async function createOrder(
    customer: Customer,
    input: PlaceInput,
    method: PaymentMethod,
  ): Promise<{ row: OrderRow; reused: boolean }> {
    const order = await db.transaction(async (tx) => {
      await lockCart(tx, customer.id);
      const priced = await priceCart(tx, customer.id, input.couponCode ?? null, {
        countEarlierOrders: countPlacedOrders,
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
      if (method === 'razorpay') {
        const since = new Date(clock.now().getTime() - REUSE_ONLINE_ORDER_MS);
        const open = await findOpenOnlineOrders(tx, customer.id, since);
        const wanted = { items, address: input.address, amount: priced.totals.total, couponCode };
        const same = open.find((row) => sameContents(row, wanted));
        if (same) return { row: same, reused: true };
      }
      const row = await insertOrder(tx, {
        userId: customer.id,
        items,
        address: input.address,
        subtotal: priced.totals.subtotal,
        deliveryFee: priced.totals.deliveryFee,
        discount: priced.totals.discount,
        amount: priced.totals.total,
        couponCode,
        paymentMethod: method,
        payment: false,
        status: ORDER_STATUS.placed,
        createdAt: clock.now(),
      });
      if (method === 'cod') {
        if (priced.coupon) {
          const recorded = await recordRedemption(tx, {
            code: priced.coupon.code,
            userId: customer.id,
            orderId: row.id,
          });
          if (!recorded)
            throw new AppError('invalid_data', COUPON_MESSAGES.alreadyUsed(priced.coupon.kind));
        }
        await clearCart(tx, customer.id);
      }
      return { row, reused: false };
    });
    return order;
  }

  return {
    async placeCod(customer: Customer, input: PlaceInput) {
      const { row: order } = await createOrder(customer, input, 'cod');
      log.info({ orderId: order.id }, 'cash-on-delivery order placed');
      shopMetrics.ordersPlaced.inc({ payment: 'cod' });
      await sendConfirmation(deps, order);
      return order;
    },

    /** Our order first (unpaid), then — outside any transaction — the provider's order. */
    async createRazorpay(customer: Customer, input: PlaceInput) {
      const { row: order, reused } = await createOrder(customer, input, 'razorpay');
      // Razorpay takes several attempts on one order: the shopper who closed the window pays it.
      if (reused && order.providerOrderId) {
        log.info({ orderId: order.id }, 'online order reopened for another payment attempt');
        return {
          order,
          providerOrder: {
            id: order.providerOrderId,
            amount: toPaise(order.amount),
            currency: CURRENCY_CODE,
            receipt: order.id,
          },
        };
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
        // No provider order: nothing can pay this one, so it is closed now, not in 30 minutes.
        await markFailed(db, order.id, clock.now()).catch(() => false);
        throw error;
      }
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
      return (await listOrdersOfUser(db, customer.id)).map(toOrderSummary);
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

import { CURRENCY_CODE } from '@vastra/shared/constants';
import { ORDER_MESSAGES, type OrderItem } from '@vastra/shared/schemas/order';
import { ORDER_LIFE_MESSAGES, type CancelOrderRequest } from '@vastra/shared/schemas/order-life';
import { formatPaise } from '@vastra/shared/pricing/money';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError, isAppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway, ProviderPayment } from '../../providers/payments/payment-gateway';
import type { RefundDesk } from '../refunds/refund-desk';
import type { TaxDesk } from '../tax/tax-desk';
import { cancelOrder, isOpenUnpaid, shopperCancelRefusal } from './cancel-order';
import { orderDetailFor } from './order-detail';
import { cancellationMail, confirmationMail, mailShopper } from './order-mail';
import { closeUnpaid, closeStaleOnlineOrders } from './sweep';
import { openForPayment, toOrderSummary } from './order-summary';
import { createOrder, type Customer, type PlaceInput } from './place-order';
import { capturedFor, settlePaid, toPaise } from './settle-payment';
import {
  countCountedOrders,
  findOpenOnlineOrder,
  findOrderByProviderId,
  findOrderOfUser,
  listOrdersOfUser,
  lockOrder,
  readReceivedProduct,
  recordPaymentEvent,
  forgetPaymentEvent,
  setProviderOrderId,
} from './orders.repository';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';

export { countEarlierOrders } from './place-order';
export { closeStaleOnlineOrders, STALE_ONLINE_ORDER_MS } from './sweep';

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
  /**
   * Sends the refunds this module asks for once their transaction commits, and settles them from
   * the `refund.*` webhooks (docs/decisions/119-refunds-and-webhook-retries.md).
   */
  refunds: RefundDesk;
  /** Invoices paid orders and writes the credit notes of their refunds (the tax module). */
  tax: TaxDesk;
}

/** Units the shopper's open online order holds, by product and size (the cart's checks). */
export async function heldByShopper(
  db: Database,
  userId: string,
): Promise<Record<string, Record<string, number>>> {
  const open = await findOpenOnlineOrder(db, userId);
  const held: Record<string, Record<string, number>> = {};
  for (const item of open?.items ?? ([] as OrderItem[])) {
    const sizes = (held[item._id] ??= {});
    sizes[item.size] = (sizes[item.size] ?? 0) + item.quantity;
  }
  return held;
}

/** The shopper's open online order, for the coupon check (its held coupon is not in the way). */
export async function openOnlineOrderId(db: Database, userId: string): Promise<string | null> {
  return (await findOpenOnlineOrder(db, userId))?.id ?? null;
}

/**
 * How many orders the shopper has placed: paid ones and cash-on-delivery ones, unless cancelled (an
 * abandoned online payment is not an order). `POST /api/order/ordercount` answers it.
 */
function countPlacedOrders(db: Database, userId: string): Promise<number> {
  return countCountedOrders(db, userId, null);
}

/**
 * Whether the shopper received the product: a line of one of their Delivered orders. Only they may
 * review it (docs/decisions/136-product-reviews.md).
 */
export function hasReceivedProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<boolean> {
  return readReceivedProduct(db, userId, productId);
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, gateway, clock, log } = deps;
  const settle = (order: OrderRow, payment: { id: string; method?: string }, source: string) =>
    settlePaid(deps, order, payment, clock.now(), source);

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
      const { row: order } = await createOrder(deps, customer, input, 'cod');
      log.info({ orderId: order.id }, 'cash-on-delivery order placed');
      shopMetrics.ordersPlaced.inc({ payment: 'cod' });
      await mailShopper(deps, order, (account) => confirmationMail(order, account));
      return order;
    },

    /**
     * Our order first (unpaid, holding its units), then — outside any transaction — the
     * provider's order. A reused order answers its provider order; while the request that created
     * the order is still creating that, this one waits for it, so twenty identical checkouts at
     * once make one order and one provider order.
     */
    async createRazorpay(customer: Customer, input: PlaceInput) {
      const { row: order, reused } = await createOrder(deps, customer, input, 'razorpay');
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
            closeUnpaid(tx, order.id, clock.now(), { actor: 'system', label: 'checkout' }),
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

    /**
     * The shopper cancels one of their orders before it ships (docs/decisions/118-order-life.md):
     * refused with nothing changed when it is not theirs (404), shipped or closed (409), or has
     * no reason (400; optional only for the open unpaid online order).
     */
    async cancel(customer: Customer, input: CancelOrderRequest) {
      const cancelled = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.orderId);
        if (!order || order.userId !== customer.id)
          throw new AppError('not_found', ORDER_LIFE_MESSAGES.notFound);
        const refusal = shopperCancelRefusal(order);
        if (refusal) throw new AppError('conflict', refusal);
        if (!input.reason && !isOpenUnpaid(order))
          throw new AppError('invalid_data', ORDER_LIFE_MESSAGES.cancelReason);
        return cancelOrder(tx, order, {
          by: { actor: 'shopper' },
          stockActor: 'shopper',
          reason: input.reason ?? null,
          now: clock.now(),
          tax: deps.tax,
        });
      });
      const { row, refundId, refundPaise } = cancelled;
      if (refundId) deps.refunds.issueSoon(refundId);
      log.info({ orderId: row.id, refundPaise }, 'order cancelled by the shopper');
      // The open unpaid online order was never confirmed: no mail for checkout's "cancel".
      if (row.paymentMethod === 'cod' || row.payment)
        await mailShopper(deps, row, (account) => cancellationMail(row, account, refundPaise));
      return {
        refundPaise,
        message:
          refundPaise > 0
            ? ORDER_LIFE_MESSAGES.cancelledWithRefund(formatPaise(refundPaise))
            : ORDER_LIFE_MESSAGES.cancelled,
      };
    },

    /** One of the shopper's orders with its history; another shopper's is 404. */
    async detail(customer: Customer, orderId: string) {
      const order = await findOrderOfUser(db, orderId, customer.id);
      if (!order) throw new AppError('not_found', ORDER_LIFE_MESSAGES.notFound);
      return orderDetailFor(db, order, clock.now());
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
      const paid = await settle(order, payment, 'payment check');
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
            entity?: {
              id?: string;
              order_id?: string;
              status?: string;
              amount?: number;
              method?: string;
            };
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
        if (name.startsWith('refund.'))
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
        const paid = await settle(
          order,
          { id: payment.id, method: payment.method },
          'razorpay webhook',
        );
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
      await settle(order, captured, 'payment check');
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
      return closeStaleOnlineOrders(db, gateway, now, {
        log,
        mailer: deps.mailer,
        refunds: deps.refunds,
        tax: deps.tax,
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { CURRENCY_CODE } from '@vastra/shared/constants';
import { ORDER_MESSAGES, ORDER_STATUS, PAYMENT_METHODS } from '@vastra/shared/schemas/order';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import { accountAndIpLimits, limitRequests } from '../../plugins/request-limit';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import type { OrdersService } from './orders.service';
import { shopMetrics } from '../../lib/metrics';

/**
 * Each payment check may ask the provider; a shopper needs a few, a loop would hammer it.
 * Both verify calls share the counters. Per address high enough that shoppers sharing a mobile
 * carrier's address (CGNAT) are never refused right after paying (decision 097).
 */
export const PAYMENT_CHECK_LIMITS = accountAndIpLimits('payment-check', {
  perAccount: 20,
  perIp: 600,
  message: (wait) => `Too many payment checks. Please try again in ${wait}.`,
});

/** The order calls of docs/product.md §7; every one needs a session except the webhook. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: {
    orders: OrdersService;
    gateway: PaymentGateway;
    rateLimiter: RateLimiter;
    cashOnDelivery: boolean;
  },
): Promise<void> {
  const { orders, gateway, rateLimiter, cashOnDelivery } = opts;
  const paymentMethods = PAYMENT_METHODS.filter((m) => m !== 'cod' || cashOnDelivery);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limitPaymentChecks = limitRequests(rateLimiter, PAYMENT_CHECK_LIMITS);

  /** What the payment window needs: the provider's order, ours, the key and the script. */
  const razorpayAnswer = (
    orderId: string,
    providerOrder: { id: string; amount: number; currency: string; receipt: string | null },
  ) => ({
    success: true as const,
    order: {
      id: providerOrder.id,
      amount: providerOrder.amount,
      currency: providerOrder.currency || CURRENCY_CODE,
      receipt: providerOrder.receipt,
    },
    orderId,
    key: gateway.keyId,
    checkoutScriptUrl: gateway.checkoutScriptUrl,
  });

  // Public: checkout asks which payment methods to show before anything is placed.
  api.route({
    ...routeOf(endpoints.orders.options),
    handler: async () => ({ success: true as const, paymentMethods }),
  });

  api.route({
    ...routeOf(endpoints.orders.place),
    onRequest: app.authenticate,
    handler: async (request) => {
      if (!cashOnDelivery) throw new AppError('invalid_data', ORDER_MESSAGES.codUnavailable);
      const { address, couponCode, expectedTotal } = request.body;
      const order = await orders.placeCod(currentUser(request), {
        address,
        couponCode,
        expectedTotal,
      });
      return { success: true as const, message: ORDER_MESSAGES.placed, orderId: order.id };
    },
  });

  api.route({
    ...routeOf(endpoints.orders.razorpay),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { address, couponCode, expectedTotal } = request.body;
      const { order, providerOrder } = await orders.createRazorpay(currentUser(request), {
        address,
        couponCode,
        expectedTotal,
      });
      return razorpayAnswer(order.id, providerOrder);
    },
  });

  api.route({
    ...routeOf(endpoints.orders.resume),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { order, providerOrder } = await orders.resume(
        currentUser(request),
        request.body.orderId,
      );
      return razorpayAnswer(order.id, providerOrder);
    },
  });

  api.route({
    ...routeOf(endpoints.orders.cancel),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { message, refundPaise } = await orders.cancel(currentUser(request), request.body);
      return { success: true as const, message, refundPaise };
    },
  });

  api.route({
    ...routeOf(endpoints.orders.detail),
    onRequest: app.authenticate,
    handler: async (request) => ({
      success: true as const,
      order: await orders.detail(currentUser(request), request.params.id),
    }),
  });

  api.route({
    ...routeOf(endpoints.orders.verifyRazorpay),
    onRequest: app.authenticate,
    preValidation: limitPaymentChecks,
    handler: async (request) => {
      const { order } = await orders.verifyRazorpay(currentUser(request), request.body);
      return {
        success: true,
        message:
          order.status === ORDER_STATUS.cancelled
            ? ORDER_MESSAGES.paidAfterCancel
            : ORDER_MESSAGES.paymentVerified,
      };
    },
  });

  api.route({
    ...routeOf(endpoints.orders.verify),
    onRequest: app.authenticate,
    preValidation: limitPaymentChecks,
    handler: async (request) => {
      // `success` from the browser is read by nobody: only the order's state and the provider count.
      const paid = await orders.verifyReturn(currentUser(request), request.body.orderId);
      return paid
        ? { success: true, message: ORDER_MESSAGES.paymentVerified }
        : { success: false, message: ORDER_MESSAGES.notPaid };
    },
  });

  api.route({
    ...routeOf(endpoints.orders.list),
    onRequest: app.authenticate,
    handler: async (request) => ({
      success: true as const,
      orders: await orders.list(currentUser(request)),
    }),
  });

  api.route({
    ...routeOf(endpoints.orders.count),
    onRequest: app.authenticate,
    handler: async (request) => ({
      success: true as const,
      orderCount: await orders.count(currentUser(request)),
    }),
  });

  // The webhook keeps its raw bytes: the signature is over them, never over re-serialised JSON.
  // The parser is registered in this child scope only, so no other route sees a Buffer body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(endpoints.orders.webhook),
      handler: async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('invalid_data', 'Invalid webhook body');
        const signature = request.headers['x-razorpay-signature'];
        if (!gateway.verifyWebhookSignature(raw, signature)) {
          shopMetrics.webhooks.inc({ outcome: 'invalid signature' });
          throw new AppError('invalid_data', 'Invalid webhook signature');
        }
        const header = request.headers['x-razorpay-event-id'];
        const eventId = typeof header === 'string' && header.length <= 100 ? header : undefined;
        const result = await orders.handleWebhook(raw, eventId);
        shopMetrics.webhooks.inc({ outcome: result.message });
        return { success: true, message: result.message };
      },
    });
  });
}

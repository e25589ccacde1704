import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCY_CODE } from '@vastra/shared/constants';
import { emptyBodySchema, errorResponseSchema } from '@vastra/shared/schemas/common';
import {
  ORDER_MESSAGES,
  ORDER_STATUS,
  orderCountResponseSchema,
  PAYMENT_METHODS,
  paymentOptionsResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  razorpayOrderResponseSchema,
  userOrdersResponseSchema,
  verifyOrderRequestSchema,
  verifyRazorpayRequestSchema,
} from '@vastra/shared/schemas/order';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { accountAndIpLimits, limitRequests } from '../../plugins/request-limit';
import { WEBHOOK_PATH } from '../../providers/payments/payments.module';
import type { OrdersService } from './orders.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
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

const verifyResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** The order calls of docs/product.md §7; every one needs a session except the webhook. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: { orders: OrdersService; cashOnDelivery: boolean },
): Promise<void> {
  const { orders, cashOnDelivery } = opts;
  const paymentMethods = PAYMENT_METHODS.filter((m) => m !== 'cod' || cashOnDelivery);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const gateway = app.payments.gateway;
  const limitPaymentChecks = limitRequests(app.rateLimiter, PAYMENT_CHECK_LIMITS);

  // Public: checkout asks which payment methods to show before anything is placed.
  api.get(
    '/api/order/options',
    { schema: { response: { 200: paymentOptionsResponseSchema } } },
    async () => ({ success: true as const, paymentMethods }),
  );

  api.post(
    '/api/order/place',
    {
      onRequest: app.authenticate,
      schema: {
        body: placeOrderRequestSchema,
        response: { 200: placeOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!cashOnDelivery) throw new AppError('invalid_data', ORDER_MESSAGES.codUnavailable);
      const { address, couponCode, expectedTotal } = request.body;
      const order = await orders.placeCod(currentUser(request), {
        address,
        couponCode,
        expectedTotal,
      });
      return { success: true as const, message: ORDER_MESSAGES.placed, orderId: order.id };
    },
  );

  api.post(
    '/api/order/razorpay',
    {
      onRequest: app.authenticate,
      schema: {
        body: placeOrderRequestSchema,
        response: { 200: razorpayOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { address, couponCode, expectedTotal } = request.body;
      const { order, providerOrder } = await orders.createRazorpay(currentUser(request), {
        address,
        couponCode,
        expectedTotal,
      });
      return {
        success: true as const,
        order: {
          id: providerOrder.id,
          amount: providerOrder.amount,
          currency: providerOrder.currency || CURRENCY_CODE,
          receipt: providerOrder.receipt,
        },
        orderId: order.id,
        key: gateway.keyId,
        checkoutScriptUrl: gateway.checkoutScriptUrl,
      };
    },
  );

  api.post(
    '/api/order/verifyRazorpay',
    {
      onRequest: app.authenticate,
      preValidation: limitPaymentChecks,
      schema: {
        body: verifyRazorpayRequestSchema,
        response: { 200: verifyResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { order } = await orders.verifyRazorpay(currentUser(request), request.body);
      return {
        success: true,
        message:
          order.status === ORDER_STATUS.cancelled
            ? ORDER_MESSAGES.paidAfterCancel
            : ORDER_MESSAGES.paymentVerified,
      };
    },
  );

  api.post(
    '/api/order/verify',
    {
      onRequest: app.authenticate,
      preValidation: limitPaymentChecks,
      schema: {
        body: verifyOrderRequestSchema,
        response: { 200: verifyResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // `success` from the browser is read by nobody: only the order's state and the provider count.
      const paid = await orders.verifyReturn(currentUser(request), request.body.orderId);
      return paid
        ? { success: true, message: ORDER_MESSAGES.paymentVerified }
        : { success: false, message: ORDER_MESSAGES.notPaid };
    },
  );

  api.post(
    '/api/order/userorders',
    {
      onRequest: app.authenticate,
      schema: { body: emptyBodySchema, response: { 200: userOrdersResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      orders: await orders.list(currentUser(request)),
    }),
  );

  api.post(
    '/api/order/ordercount',
    {
      onRequest: app.authenticate,
      schema: { body: emptyBodySchema, response: { 200: orderCountResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      orderCount: await orders.count(currentUser(request)),
    }),
  );

  // The webhook keeps its raw bytes: the signature is over them, never over re-serialised JSON.
  // The parser is registered in this child scope only, so no other route sees a Buffer body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        WEBHOOK_PATH,
        { schema: { response: { 200: verifyResponseSchema, 400: errorResponseSchema } } },
        async (request) => {
          const raw = request.body;
          if (!Buffer.isBuffer(raw)) throw new AppError('invalid_data', 'Invalid webhook body');
          const signature = request.headers['x-razorpay-signature'];
          if (!gateway.verifyWebhookSignature(raw, signature))
            throw new AppError('invalid_data', 'Invalid webhook signature');
          const header = request.headers['x-razorpay-event-id'];
          const eventId = typeof header === 'string' && header.length <= 100 ? header : undefined;
          const result = await orders.handleWebhook(raw, eventId);
          return { success: true, message: result.message };
        },
      );
  });
}

import { z } from 'zod';
import { emptyBodySchema } from '../../schemas/common';
import {
  orderCountResponseSchema,
  paymentOptionsResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  razorpayOrderResponseSchema,
  userOrdersResponseSchema,
  verifyOrderRequestSchema,
  verifyRazorpayRequestSchema,
} from '../../schemas/order';
import { endpointGroup, refusals, SESSION } from '../endpoint';

const tags = ['Orders'] as const;
const refused = refusals(400, 401, 404, 409);

/** The answer of a payment check and of the webhook: `success` says whether the order is paid. */
export const paymentCheckResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** Where Razorpay (or the emulator) posts its signed webhooks. */
export const WEBHOOK_PATH = '/api/webhooks/razorpay';

/** Checkout and the shopper's orders (docs/product.md §7, decisions 070, 071). */
export const orders = endpointGroup({
  options: {
    method: 'GET',
    url: '/api/order/options',
    schema: {
      summary: 'The payment methods checkout offers (cash on delivery may be off)',
      tags,
      response: { 200: paymentOptionsResponseSchema },
    },
  },
  place: {
    method: 'POST',
    url: '/api/order/place',
    schema: {
      summary: 'Place a cash-on-delivery order from the cart',
      description:
        'The server prices the cart; a different `expectedTotal` is a 409 (docs/architecture.md §4.2).',
      tags,
      security: SESSION,
      body: placeOrderRequestSchema,
      response: { 200: placeOrderResponseSchema, ...refused },
    },
  },
  razorpay: {
    method: 'POST',
    url: '/api/order/razorpay',
    schema: {
      summary: 'Create an online-payment order and its Razorpay order',
      tags,
      security: SESSION,
      body: placeOrderRequestSchema,
      response: { 200: razorpayOrderResponseSchema, ...refused },
    },
  },
  verifyRazorpay: {
    method: 'POST',
    url: '/api/order/verifyRazorpay',
    schema: {
      summary: 'Check the payment window’s signed answer and mark the order paid',
      description: 'Shares its rate limit with /api/order/verify (decision 097).',
      tags,
      security: SESSION,
      body: verifyRazorpayRequestSchema,
      response: { 200: paymentCheckResponseSchema, ...refused, ...refusals(429) },
    },
  },
  verify: {
    method: 'POST',
    url: '/api/order/verify',
    schema: {
      summary:
        'After a payment return: is the order paid? (asks the provider; `success` is ignored)',
      tags,
      security: SESSION,
      body: verifyOrderRequestSchema,
      response: { 200: paymentCheckResponseSchema, ...refused, ...refusals(429) },
    },
  },
  list: {
    method: 'POST',
    url: '/api/order/userorders',
    schema: {
      summary: 'The signed-in shopper’s orders, newest first',
      tags,
      security: SESSION,
      body: emptyBodySchema,
      response: { 200: userOrdersResponseSchema, ...refused },
    },
  },
  count: {
    method: 'POST',
    url: '/api/order/ordercount',
    schema: {
      summary: 'How many orders the signed-in shopper has placed',
      tags,
      security: SESSION,
      body: emptyBodySchema,
      response: { 200: orderCountResponseSchema, ...refused },
    },
  },
  webhook: {
    method: 'POST',
    url: WEBHOOK_PATH,
    schema: {
      summary: 'Razorpay’s signed webhook (payment captured or failed)',
      description:
        'The body is read as raw bytes: `X-Razorpay-Signature` is an HMAC over them. Idempotent per `X-Razorpay-Event-Id` (decision 070).',
      tags,
      response: { 200: paymentCheckResponseSchema, ...refusals(400) },
    },
  },
});

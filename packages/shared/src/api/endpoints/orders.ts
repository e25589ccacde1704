import { z } from 'zod';
import { emptyBodySchema } from '../../schemas/common';
import {
  cancelOrderRequestSchema,
  cancelOrderResponseSchema,
  orderDetailResponseSchema,
  orderIdParamsSchema,
} from '../../schemas/order-life';
import {
  openOrderRequestSchema,
  orderCountResponseSchema,
  paymentOptionsResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  razorpayOrderResponseSchema,
  userOrdersResponseSchema,
  verifyOrderRequestSchema,
  verifyRazorpayRequestSchema,
} from '../../schemas/order';
import { orderDocumentParamsSchema, taxDocumentPdfSchema } from '../../schemas/tax-documents';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { routes } from '../routes';

const tags = ['Orders'] as const;
const refused = refusals(400, 401, 404, 409);

/** The answer of a payment check and of the webhook: `success` says whether the order is paid. */
export const paymentCheckResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** Checkout and the shopper's orders (docs/product.md §7, decisions 070, 071). */
export const orders = endpointGroup({
  options: {
    ...routes.orders.options,
    schema: {
      summary: 'The payment methods checkout offers (cash on delivery may be off)',
      tags,
      response: { 200: paymentOptionsResponseSchema },
    },
  },
  place: {
    ...routes.orders.place,
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
    ...routes.orders.razorpay,
    schema: {
      summary: 'Create an online-payment order and its Razorpay order',
      tags,
      security: SESSION,
      body: placeOrderRequestSchema,
      response: { 200: razorpayOrderResponseSchema, ...refused },
    },
  },
  verifyRazorpay: {
    ...routes.orders.verifyRazorpay,
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
    ...routes.orders.verify,
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
    ...routes.orders.list,
    schema: {
      summary: 'The signed-in shopper’s orders, newest first',
      tags,
      security: SESSION,
      body: emptyBodySchema,
      response: { 200: userOrdersResponseSchema, ...refused },
    },
  },
  count: {
    ...routes.orders.count,
    schema: {
      summary: 'How many orders the signed-in shopper has placed',
      tags,
      security: SESSION,
      body: emptyBodySchema,
      response: { 200: orderCountResponseSchema, ...refused },
    },
  },
  resume: {
    ...routes.orders.resume,
    schema: {
      summary: 'Open the payment window again for the shopper’s open online order',
      description:
        'The same answer as /api/order/razorpay. An order that is paid or whose hold has ended is 409 (decision 110).',
      tags,
      security: SESSION,
      body: openOrderRequestSchema,
      response: { 200: razorpayOrderResponseSchema, ...refused },
    },
  },
  cancel: {
    ...routes.orders.cancel,
    schema: {
      summary: 'Cancel one of the shopper’s orders before it ships',
      description:
        'At Order Placed or Packing: cash on delivery, paid online (the whole amount, delivery too, is refunded) or the open unpaid online order. A reason from CANCEL_REASONS is required except for the open unpaid online order. Units and coupon go back. Shipped or later, or already closed: 409; another shopper’s order: 404 (docs/decisions/118-order-life.md).',
      tags,
      security: SESSION,
      body: cancelOrderRequestSchema,
      response: { 200: cancelOrderResponseSchema, ...refused },
    },
  },
  detail: {
    ...routes.orders.detail,
    schema: {
      summary:
        'One of the shopper’s orders: timeline, shipment, expected delivery, refunds, returns',
      description:
        '`actions` says what the shopper may do now (cancel and its refund, the lines still returnable). Another shopper’s order is 404 (docs/decisions/118-order-life.md).',
      tags,
      security: SESSION,
      params: orderIdParamsSchema,
      response: { 200: orderDetailResponseSchema, ...refused },
    },
  },
  document: {
    ...routes.orders.document,
    schema: {
      summary: 'A tax invoice or credit note of one of the shopper’s orders, as a PDF',
      description:
        'The `pdfUrl` of a document in the order’s `documents`. Another shopper’s order, or a document not of this order: 404 (docs/decisions/124-tax-invoices-api.md).',
      tags,
      security: SESSION,
      produces: ['application/pdf'],
      params: orderDocumentParamsSchema,
      response: { 200: taxDocumentPdfSchema, ...refusals(400, 401, 404) },
    },
  },
  webhook: {
    ...routes.orders.webhook,
    schema: {
      summary: 'Razorpay’s signed webhook (payment captured or failed)',
      description:
        'The body is read as raw bytes: `X-Razorpay-Signature` is an HMAC over them. Idempotent per `X-Razorpay-Event-Id` (decision 070).',
      tags,
      response: { 200: paymentCheckResponseSchema, ...refusals(400) },
    },
  },
});

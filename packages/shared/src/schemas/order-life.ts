import { z } from 'zod';
import { taxDocumentSummarySchema } from './tax-documents';
import { ORDER_STATUSES } from '../order-life/fulfilment';
import { REFUND_METHODS, REFUND_REASONS, REFUND_STATUSES } from '../order-life/refunds';
import { CANCEL_REASONS, RETURN_KINDS, RETURN_REASONS, RETURN_STATES } from '../order-life/returns';
import { ORDER_ACTORS } from '../order-life/transitions';
import { text } from './common';
import { orderSummarySchema } from './order';
import { HOLD_STATES } from './stock';

/**
 * An order's life as the shopper and the admin read it and the calls that move it: the timeline,
 * the shipment, cancellation, returns and exchanges, refunds (docs/decisions/118-order-life.md).
 * Money here is in paise (refunds share a discount to the paisa); orders stay in whole rupees.
 */

export const ORDER_LIFE_MESSAGES = {
  notFound: 'We could not find this order',
  changedMeanwhile: 'This order was changed meanwhile. Please reload the page and try again.',
  cancelled: 'Your order has been cancelled',
  cancelledWithRefund: (amount: string) =>
    `Your order has been cancelled. A refund of ${amount} is on its way to your original payment method.`,
  cannotCancelShipped:
    'This order has already been shipped and cannot be cancelled. You can return it after delivery.',
  cannotCancelClosed: 'This order is already closed and cannot be cancelled',
  cancelReason: 'Please choose a reason for cancelling',
  returnReason: 'Please choose a reason for the return',
  returnLines: 'Please choose at least one item to return',
  returnNotDelivered: 'Items can be returned or exchanged only after the order is delivered',
  returnWindowOver: (days: number) => `The ${days}-day return window for this order has ended`,
  returnTooMany: (name: string, left: number) =>
    left === 0
      ? `${name} has already been returned or has a return in progress`
      : `You can return at most ${left} of ${name}`,
  returnUnknownLine: 'That item is not part of this order',
  exchangeSize: 'Please choose the new size for each item to exchange',
  exchangeSameSize: 'Please choose a size other than the one you have',
  exchangeSoldOut: (name: string, size: string) => `${name} is not available in size ${size} now`,
  upiIdNeeded: 'Please enter the UPI ID to refund this cash-on-delivery order to',
  upiIdInvalid: 'Please enter a valid UPI ID, such as name@okbank',
  returnRequested: 'Your return request has been received',
  exchangeRequested: 'Your exchange request has been received',
  refundTooLarge: 'A refund cannot be larger than what is left of the payment',
  /** An admin step that would refund a cash-on-delivery order whose cash is not recorded yet. */
  refundBeforeCash:
    'This cash-on-delivery order has no payment recorded: mark its cash received before refunding it',
} as const;

/** A UPI ID (VPA): handle@bank, as NPCI allows. */
export const upiIdSchema = text({ error: ORDER_LIFE_MESSAGES.upiIdInvalid })
  .trim()
  .max(100, ORDER_LIFE_MESSAGES.upiIdInvalid)
  .regex(/^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, ORDER_LIFE_MESSAGES.upiIdInvalid);

// ── Reading an order ─────────────────────────────────────────────────────────────────────────

/** One entry of the order's history, oldest first. */
export const orderEventSchema = z.object({
  at: z.number().int(),
  /** Who made the change; the shopper never sees which admin. */
  by: z.enum(ORDER_ACTORS),
  /** Which machine moved: the parcel, the money, a return request, a refund. */
  kind: z.enum(['status', 'payment', 'return', 'refund']),
  from: z.string().nullable(),
  to: z.string(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const shipmentSchema = z.object({
  courier: z.string(),
  trackingNumber: z.string(),
  shippedAt: z.number().int(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const refundSchema = z.object({
  _id: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  method: z.enum(REFUND_METHODS),
  reason: z.enum(REFUND_REASONS),
  returnId: z.string().nullable(),
  /** Razorpay's refund id (rfnd_…), or the admin's payout reference for a UPI payout. */
  reference: z.string().nullable(),
  /** The UPI ID a cash-on-delivery refund goes to. */
  upiId: z.string().nullable(),
  createdAt: z.number().int(),
  processedAt: z.number().int().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const returnLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  size: z.string(),
  quantity: z.number().int(),
  /** The size wanted instead (exchange); null for a refund. */
  exchangeSize: z.string().nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnRequestSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  kind: z.enum(RETURN_KINDS),
  state: z.enum(RETURN_STATES),
  reason: z.string(),
  comment: z.string().nullable(),
  lines: z.array(returnLineSchema),
  /** What the refund will be (refund kind), computed by the server; 0 for an exchange. */
  refundPaise: z.number().int(),
  /** Cash on delivery: the UPI ID the refund goes to. */
  upiId: z.string().nullable(),
  /** The admin's note when approving or rejecting. */
  adminNote: z.string().nullable(),
  /** The exchange leg, once the new size is shipped. */
  exchangeShipment: shipmentSchema.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** A line the shopper may still return now, with the sizes an exchange may go to. */
export const returnableLineSchema = z.object({
  productId: z.string(),
  size: z.string(),
  /** Units delivered and not yet returned or in a return. */
  quantity: z.number().int(),
  /** Other sizes of the same product with stock now. */
  exchangeSizes: z.array(z.string()),
});
export type ReturnableLine = z.infer<typeof returnableLineSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  /** How it was paid, when the provider says (card, upi, …); null for cash or unpaid. */
  paidWith: z.string().nullable(),
  paidAt: z.number().int().nullable(),
  shipment: shipmentSchema.nullable(),
  deliveredAt: z.number().int().nullable(),
  /** The promised window, from placing (PROCESSING_DAYS + DELIVERY_DAYS business days). */
  expectedDelivery: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  cancelReason: z.string().nullable(),
  /** The last moment a return may be asked for (delivered + RETURN_WINDOW_DAYS); null before delivery. */
  returnWindowEndsAt: z.number().int().nullable(),
  timeline: z.array(orderEventSchema),
  refunds: z.array(refundSchema),
  returns: z.array(returnRequestSchema),
  /** The tax invoice and credit notes, oldest first (docs/decisions/123-gst-invoices.md). */
  documents: z.array(taxDocumentSummarySchema),
  /** What the shopper may do now. */
  actions: z.object({
    cancel: z.boolean(),
    /** Paise the shopper gets back if they cancel now (0 when nothing was paid). */
    cancelRefundPaise: z.number().int(),
    returnable: z.array(returnableLineSchema),
  }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdParamsSchema = z.object({
  id: z.uuid({ error: ORDER_LIFE_MESSAGES.notFound }),
});

export const orderDetailResponseSchema = z.object({
  success: z.literal(true),
  order: orderDetailSchema,
});

/** The admin's history entry: also who exactly (the admin's e-mail, or which part of the shop). */
export const adminOrderEventSchema = orderEventSchema.extend({
  actorLabel: z.string().nullable(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

/** `GET /api/admin/orders/:id`: the order as the shopper sees it, with what the admin needs. */
export const adminOrderDetailSchema = orderDetailSchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** The statuses the admin may move it to now (FULFILMENT_TRANSITIONS and the payment rule). */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  /** Whether "mark paid" is offered now (cash on delivery, unpaid, at or after delivery). */
  canMarkPaid: z.boolean(),
  /** Its stock and coupon hold: held while unpaid online, taken when paid or COD, or released. */
  holdState: z.enum(HOLD_STATES).nullable(),
  timeline: z.array(adminOrderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderDetailResponseSchema = z.object({
  success: z.literal(true),
  order: adminOrderDetailSchema,
});

// ── Moving it: the shopper ───────────────────────────────────────────────────────────────────

/** `POST /api/order/cancel`: any order of the shopper's before it ships; the reason is asked for. */
export const cancelOrderRequestSchema = z.object({
  orderId: z.uuid({ error: ORDER_LIFE_MESSAGES.notFound }),
  /** Optional for the open unpaid online order (checkout's "cancel"), required otherwise. */
  reason: z.enum(CANCEL_REASONS, { error: ORDER_LIFE_MESSAGES.cancelReason }).optional(),
});
export type CancelOrderRequest = z.infer<typeof cancelOrderRequestSchema>;

export const cancelOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Paise going back (0 when nothing was paid). */
  refundPaise: z.number().int(),
});

const returnLineRequestSchema = z.object({
  productId: z.uuid({ error: ORDER_LIFE_MESSAGES.returnUnknownLine }),
  size: text({ error: ORDER_LIFE_MESSAGES.returnUnknownLine }).max(
    10,
    ORDER_LIFE_MESSAGES.returnUnknownLine,
  ),
  quantity: z
    .number({ error: ORDER_LIFE_MESSAGES.returnLines })
    .int(ORDER_LIFE_MESSAGES.returnLines)
    .min(1, ORDER_LIFE_MESSAGES.returnLines)
    .max(10, ORDER_LIFE_MESSAGES.returnLines),
  exchangeSize: text({ error: ORDER_LIFE_MESSAGES.exchangeSize })
    .max(10, ORDER_LIFE_MESSAGES.exchangeSize)
    .nullish(),
});

/** `POST /api/order/return/quote`: what a return would refund, without asking for it. */
export const returnQuoteRequestSchema = z.object({
  orderId: z.uuid({ error: ORDER_LIFE_MESSAGES.notFound }),
  kind: z.enum(RETURN_KINDS, { error: 'Please choose a refund or an exchange' }),
  lines: z
    .array(returnLineRequestSchema, { error: ORDER_LIFE_MESSAGES.returnLines })
    .min(1, ORDER_LIFE_MESSAGES.returnLines)
    .max(20, ORDER_LIFE_MESSAGES.returnLines),
});

export const returnQuoteResponseSchema = z.object({
  success: z.literal(true),
  refundPaise: z.number().int(),
});

/** `POST /api/order/return`: ask for a return or an exchange. */
export const returnRequestBodySchema = returnQuoteRequestSchema.extend({
  reason: z.enum(RETURN_REASONS, { error: ORDER_LIFE_MESSAGES.returnReason }),
  comment: text({ error: 'The comment is too long' })
    .trim()
    .max(500, 'The comment is too long')
    .nullish(),
  /** Cash on delivery, refund: where the money goes. */
  upiId: upiIdSchema.nullish(),
});

export const returnResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: returnRequestSchema,
});

// ── The admin ────────────────────────────────────────────────────────────────────────────────

/** `POST /api/admin/orders/:id/status`: the step, with the courier and tracking number when shipping. */
export const adminStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, {
    error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
  }),
  courier: text({ error: 'Please enter the courier' })
    .trim()
    .min(1, 'Please enter the courier')
    .max(60, 'The courier name is too long')
    .optional(),
  trackingNumber: text({ error: 'Please enter the tracking number' })
    .trim()
    .min(1, 'Please enter the tracking number')
    .max(40, 'The tracking number is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'A tracking number has only letters, digits and hyphens')
    .optional(),
  note: text({ error: 'The note is too long' }).trim().max(500, 'The note is too long').optional(),
});
export type AdminStatusChange = z.infer<typeof adminStatusChangeSchema>;

/** `POST /api/admin/returns/:id/state`: one step of a return request. */
export const adminReturnMoveSchema = z.object({
  // Not the list of states: 'received' reads as zod's default wording to the fuzz test.
  to: z.enum(RETURN_STATES, { error: 'Please choose the step to move the request to' }),
  note: text({ error: 'The note is too long' }).trim().max(500, 'The note is too long').optional(),
  courier: adminStatusChangeSchema.shape.courier,
  trackingNumber: adminStatusChangeSchema.shape.trackingNumber,
});

export const ADMIN_RETURN_VIEWS = ['open', 'closed', 'all'] as const;
export const adminReturnListQuerySchema = z.object({
  view: z
    .enum(ADMIN_RETURN_VIEWS, { error: `view must be one of: ${ADMIN_RETURN_VIEWS.join(', ')}` })
    .default('open'),
});

export const adminReturnSchema = returnRequestSchema.extend({
  orderNumber: z.number().int(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** The states the admin may move it to now (RETURN_TRANSITIONS). */
  nextStates: z.array(z.enum(RETURN_STATES)),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnListResponseSchema = z.object({
  success: z.literal(true),
  returns: z.array(adminReturnSchema),
});

export const adminReturnResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: adminReturnSchema,
});

export const ADMIN_REFUND_VIEWS = ['open', 'failed', 'all'] as const;
export const adminRefundListQuerySchema = z.object({
  view: z
    .enum(ADMIN_REFUND_VIEWS, { error: `view must be one of: ${ADMIN_REFUND_VIEWS.join(', ')}` })
    .default('open'),
});

export const adminRefundSchema = refundSchema.extend({
  orderId: z.string(),
  orderNumber: z.number().int(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  attempts: z.number().int(),
  /** The provider's or our last error, for a failed refund. */
  lastError: z.string().nullable(),
  /** Whether "Retry" (failed Razorpay refund) or "Mark paid out" (UPI payout) is offered. */
  canRetry: z.boolean(),
  canMarkPaidOut: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundListResponseSchema = z.object({
  success: z.literal(true),
  refunds: z.array(adminRefundSchema),
});

/** `POST /api/admin/refunds/:id/paid-out`: the admin sent the UPI payout by hand. */
export const adminPayoutDoneSchema = z.object({
  reference: text({ error: 'Please enter the UPI transaction reference' })
    .trim()
    .min(4, 'Please enter the UPI transaction reference')
    .max(40, 'The reference is too long'),
});

/** The admin's refund calls' words (docs/decisions/119-refunds-and-webhook-retries.md). */
export const ADMIN_REFUND_MESSAGES = {
  notFound: 'We could not find this refund',
  retryOnlyFailed: 'Only a failed Razorpay refund can be retried',
  paidOutOnlyPending: 'Only a pending UPI payout can be marked paid out',
  retrySent: 'The refund was sent to Razorpay again',
  retryFailed: (reason: string) => `Razorpay did not take the refund: ${reason}`,
  paidOut: 'The refund is marked paid out',
} as const;

export const adminRefundIdParamsSchema = z.object({
  id: z.uuid({ error: ADMIN_REFUND_MESSAGES.notFound }),
});

export const adminRefundResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  refund: adminRefundSchema,
});

export { CANCEL_REASONS, RETURN_REASONS };

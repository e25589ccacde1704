import { z } from 'zod';
import { SHIPPING_COUNTRY } from '../constants';
import { text } from './common';
import { couponCodeSchema } from './coupon';
import {
  FULFILMENT_TRANSITIONS,
  ORDER_STATUS,
  ORDER_STATUSES,
  isOrderStatus,
  type OrderStatus,
} from '../order-life/fulfilment';
import { PAYMENT_STATES } from '../order-life/payment-state';
import { nextStates } from '../order-life/transitions';

/**
 * The order calls (docs/product.md §7). The address is the checkout's delivery form; the messages
 * name the field, so the API's 400 answers read like the storefront's own checks. Money is never
 * an input: a sent `amount`, `items`, price or paid flag is accepted and ignored.
 */

export const PAYMENT_METHODS = ['cod', 'razorpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// The statuses and their machine live in the zod-free order-life model (docs/decisions/118).
export {
  ORDER_STATUS,
  ORDER_STATUSES,
  isOrderStatus,
  type OrderStatus,
} from '../order-life/fulfilment';

/** Where the admin may move an order from each status: FULFILMENT_TRANSITIONS, the admin's rows. */
export const ORDER_STATUS_STEPS = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, nextStates(FULFILMENT_TRANSITIONS, status, 'admin')]),
) as unknown as Readonly<Record<OrderStatus, readonly OrderStatus[]>>;

/** The admin's step to Shipped without both the courier and the tracking number (a 400). */
export const SHIPPING_NEEDS_TRACKING =
  'Please enter the courier and the tracking number to ship the order';

/** A cash-on-delivery order is marked paid by hand only once the parcel is at the door or after. */
export const COD_PAYABLE_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.outForDelivery,
  ORDER_STATUS.delivered,
];

export const ORDER_STATUS_MESSAGES = {
  unknown: (status: string) => `Unknown order status: ${status}`,
  same: (status: string) => `The order is already ${status}`,
  paymentFailed: 'A Payment Failed order cannot be moved',
  final: (status: string) => `A ${status} order cannot be moved`,
  notAStep: (from: string, to: string, allowed: readonly string[]) =>
    `An order cannot go from ${from} to ${to}; next allowed: ${allowed.join(' or ')}`,
  unpaidOnline: 'An unpaid Razorpay order cannot be packed: wait for the payment',
  changedMeanwhile: (status: string) =>
    `The order was changed meanwhile (it is now ${status}); reload and try again`,
  notCod: 'Only cash-on-delivery orders are marked paid by hand',
  alreadyPaid: 'The order is already marked paid',
  codNotDelivered: `A cash-on-delivery order is marked paid on delivery: at ${ORDER_STATUS.outForDelivery} or ${ORDER_STATUS.delivered}`,
} as const;

/**
 * Whether the admin may move `order` to `to`: the one rule the API enforces and the admin screen
 * uses to offer its buttons. A status that is not in ORDER_STATUSES never gets here (the request
 * schema refuses it); every refusal here is about the order's present state.
 */
export function checkStatusChange(
  order: { status: string; paymentMethod: PaymentMethod; payment: boolean },
  to: OrderStatus,
): { ok: true } | { ok: false; message: string } {
  if (!isOrderStatus(order.status))
    return { ok: false, message: ORDER_STATUS_MESSAGES.unknown(order.status) };
  if (order.status === to) return { ok: false, message: ORDER_STATUS_MESSAGES.same(to) };
  if (order.status === ORDER_STATUS.paymentFailed)
    return { ok: false, message: ORDER_STATUS_MESSAGES.paymentFailed };
  const allowed = ORDER_STATUS_STEPS[order.status];
  if (allowed.length === 0)
    return { ok: false, message: ORDER_STATUS_MESSAGES.final(order.status) };
  if (!allowed.includes(to))
    return {
      ok: false,
      message: ORDER_STATUS_MESSAGES.notAStep(order.status, to, allowed),
    };
  if (to === ORDER_STATUS.packing && order.paymentMethod === 'razorpay' && !order.payment)
    return { ok: false, message: ORDER_STATUS_MESSAGES.unpaidOnline };
  return { ok: true };
}

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty',
  placed: 'Order Placed',
  paymentVerified: 'Payment Successful',
  paymentFailed: 'Payment verification failed',
  notFound: 'We could not find this order',
  notPaid: 'Payment not completed',
  paymentMethod: 'Please choose a payment method',
  codUnavailable: 'Cash on delivery is not available',
  totalChanged: 'Prices in your cart have changed. Please review your order and place it again.',
  paidAfterCancel: 'Payment received for an order that was cancelled. It will be refunded.',
  /** `POST /api/order/resume` for an order whose hold has ended (docs/decisions/110). */
  notOpen: 'This order can no longer be paid. Please place it again.',
} as const;

export const ADDRESS_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email',
  street: 'Please enter your street address',
  city: 'Please enter your city',
  state: 'State is too long',
  zipcode: 'Please enter a valid 6-digit PIN code',
  country: `We deliver only within ${SHIPPING_COUNTRY}`,
  phone: 'Please enter a valid 10-digit mobile number',
} as const;

/**
 * A 10-digit Indian mobile number (6–9 first), with an optional +91 / 0 prefix and spaces or
 * dashes ('+91 98765 43210'); stored as its last 10 digits. `optional`: an empty value is allowed
 * and stays empty (the profile's number may be cleared).
 */
export function indianMobileSchema(optional = false) {
  const pattern = optional ? /^((?:\+91|91|0)?[6-9][0-9]{9})?$/ : /^(?:\+91|91|0)?[6-9][0-9]{9}$/;
  return text({ error: ADDRESS_MESSAGES.phone })
    .max(16, ADDRESS_MESSAGES.phone)
    .transform((p) => p.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(pattern, ADDRESS_MESSAGES.phone))
    .transform((p) => p.slice(-10));
}

const line = (message: string, max = 100) =>
  text({ error: message }).trim().min(1, message).max(max, message);

export const addressSchema = z.object({
  firstName: line(ADDRESS_MESSAGES.firstName, 60),
  lastName: line(ADDRESS_MESSAGES.lastName, 60),
  email: text({ error: ADDRESS_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, ADDRESS_MESSAGES.email)
    .pipe(z.email({ error: ADDRESS_MESSAGES.email })),
  street: line(ADDRESS_MESSAGES.street, 200),
  city: line(ADDRESS_MESSAGES.city, 80),
  state: text({ error: ADDRESS_MESSAGES.state }).trim().max(80, ADDRESS_MESSAGES.state).optional(),
  // Indian PIN codes: 6 digits, never starting with 0. The max is the form's maxLength.
  zipcode: text({ error: ADDRESS_MESSAGES.zipcode })
    .trim()
    .max(6, ADDRESS_MESSAGES.zipcode)
    .regex(/^[1-9][0-9]{5}$/, ADDRESS_MESSAGES.zipcode),
  country: text({ error: ADDRESS_MESSAGES.country })
    .trim()
    .refine((c) => c.toLowerCase() === SHIPPING_COUNTRY.toLowerCase(), ADDRESS_MESSAGES.country)
    .transform(() => SHIPPING_COUNTRY),
  // The max (in indianMobileSchema) is the form's maxLength.
  phone: indianMobileSchema(),
});
export type Address = z.infer<typeof addressSchema>;

/** `POST /api/order/place` and `POST /api/order/razorpay`. */
export const placeOrderRequestSchema = z
  .object(
    {
      address: addressSchema,
      couponCode: couponCodeSchema.nullish(),
      paymentMethod: z.enum(PAYMENT_METHODS, { error: ORDER_MESSAGES.paymentMethod }).optional(),
      /** The total the checkout showed, in rupees: compared with the server's price, never used. */
      expectedTotal: z
        .number({ error: 'expectedTotal must be a whole number' })
        .int()
        .min(0)
        .optional(),
    },
    { error: 'Please send the order details' },
  )
  // `amount`, `items`, prices or `payment` sent by the browser are accepted and ignored.
  .loose();
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
});

export const razorpayOrderResponseSchema = z.object({
  success: z.literal(true),
  order: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    receipt: z.string().nullable(),
  }),
  orderId: z.string(),
  key: z.string(),
  checkoutScriptUrl: z.string(),
});

const providerField = (name: string) =>
  text({ error: ORDER_MESSAGES.paymentFailed })
    .min(1, ORDER_MESSAGES.paymentFailed)
    .max(200, `${name} is too long`);

export const verifyRazorpayRequestSchema = z
  .object({
    razorpay_order_id: providerField('razorpay_order_id'),
    razorpay_payment_id: providerField('razorpay_payment_id'),
    razorpay_signature: providerField('razorpay_signature'),
  })
  .loose();

export const verifyOrderRequestSchema = z
  .object({
    success: z.union([z.boolean(), text().max(10)]).optional(),
    orderId: z.uuid({ error: ORDER_MESSAGES.notFound }),
  })
  .loose();

/** `POST /api/order/resume`: the shopper's own open online order. */
export const openOrderRequestSchema = z.object({
  orderId: z.uuid({ error: ORDER_MESSAGES.notFound }),
});

export const orderItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.array(z.string()),
  price: z.number().int(),
  category: z.string(),
  subCategory: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Snapshots for the tax invoice; absent on orders placed before they were kept. */
  hsn: z.string().optional(),
  mrp: z.number().int().nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** An address as stored (already checked): plain strings, for answers. */
export const storedAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string().optional(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const orderSummarySchema = z.object({
  _id: z.string(),
  /** The shopper's order number, e.g. 100123 (shown as #100123). */
  orderNumber: z.number().int(),
  items: z.array(orderItemSchema),
  address: storedAddressSchema,
  amount: z.number().int(),
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  discount: z.number().int(),
  coupon: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  payment: z.boolean(),
  /** The money now (docs/decisions/118-order-life.md): paid, refund_due, refunded, … */
  paymentState: z.enum(PAYMENT_STATES),
  status: z.string(),
  date: z.number().int(),
  /** An unpaid online order whose hold is live: "Complete payment" can pay it now (decision 110). */
  openForPayment: z.boolean(),
  /** When that hold ends (ms since the epoch); null when nothing is held for payment. */
  holdExpiresAt: z.number().int().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const userOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSummarySchema),
});

/** `GET /api/order/options`: the payment methods checkout offers (cash on delivery is configurable). */
export const paymentOptionsResponseSchema = z.object({
  success: z.literal(true),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
});

export const orderCountResponseSchema = z.object({
  success: z.literal(true),
  orderCount: z.number().int(),
});

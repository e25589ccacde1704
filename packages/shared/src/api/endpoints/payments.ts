import { z } from 'zod';
import { text } from '../../schemas/common';
import { paymentModeResponseSchema } from '../../schemas/payment';
import { endpointGroup } from '../endpoint';
import { lateRoutes } from '../late-routes';
import { routes } from '../routes';

/** `POST /v1/orders` of the emulator: the fields of Razorpay's own call that the SDK sends. */
export const emulatorCreateOrderBodySchema = z.object({
  amount: z.coerce
    .number()
    .int('The amount must be an integer.')
    .min(100, 'The amount must be atleast INR 1.00.')
    .max(50_000_000, 'Amount exceeds maximum amount allowed.'),
  currency: z.literal('INR', 'The emulator only supports INR.').default('INR'),
  receipt: text().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: z
    .record(text().max(256), z.union([text().max(256), z.number()]))
    .refine((notes) => Object.keys(notes).length <= 15, 'Number of notes should be less than 15')
    .optional(),
});

/** `POST /v1/payments/:id/refund` of the emulator: the fields of Razorpay's refund call. */
export const emulatorRefundBodySchema = z.object({
  amount: z.coerce
    .number()
    .int('The amount must be an integer.')
    .min(100, 'The refund amount must be atleast INR 1.00.')
    .max(50_000_000, 'Amount exceeds maximum amount allowed.')
    .optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  receipt: text().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: emulatorCreateOrderBodySchema.shape.notes,
});

/** What the emulator's checkout widget sends when the shopper presses Pay. */
export const emulatorPayBodySchema = z.object({
  key_id: text().max(100),
  order_id: text().max(60),
  method: z.enum(['upi', 'card']),
  vpa: text().trim().max(256).optional(),
  card: z
    .object({
      number: text().max(30),
      expiry: text().max(9),
      cvv: text().max(4),
    })
    .optional(),
  email: text().trim().max(254).optional(),
  contact: text().trim().max(20).optional(),
  simulate_failure: z.boolean().optional(),
});

/** Documents the id in the path; the handler answers Razorpay's "does not exist" for a bad one. */
const emulatorIdParamsSchema = z.object({ id: z.string() });

const emulatorTags = ['Razorpay emulator'] as const;
const RAZORPAY_SHAPES =
  'Answers are Razorpay’s own shapes (entities, `{ error: { code, description } }`), not the shop’s; served only without Razorpay keys (decision 060).';
const BASIC_AUTH =
  'HTTP Basic auth with the sandbox key id and secret, as api.razorpay.com asks. ' +
  RAZORPAY_SHAPES;

/** The payment mode, and the emulator that stands in for Razorpay without keys. */
export const payments = endpointGroup({
  mode: {
    ...routes.payments.mode,
    schema: {
      summary: 'Who takes payments: Razorpay or the emulator (test-mode banner, decision 094)',
      tags: ['Payments'],
      response: { 200: paymentModeResponseSchema },
    },
  },
});

/** The emulator's routes (decision 060): the REST subset the SDK calls, and its checkout widget. */
export const razorpayEmulator = endpointGroup({
  createOrder: {
    ...lateRoutes.razorpayEmulator.createOrder,
    schema: {
      summary: 'Create a Razorpay order (amount in paise)',
      description: BASIC_AUTH,
      tags: emulatorTags,
      body: emulatorCreateOrderBodySchema,
    },
  },
  order: {
    ...lateRoutes.razorpayEmulator.order,
    schema: {
      summary: 'One Razorpay order',
      description: BASIC_AUTH,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
    },
  },
  orderPayments: {
    ...lateRoutes.razorpayEmulator.orderPayments,
    schema: {
      summary: 'The payments of a Razorpay order',
      description: BASIC_AUTH,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
    },
  },
  payment: {
    ...lateRoutes.razorpayEmulator.payment,
    schema: {
      summary: 'One Razorpay payment',
      description: BASIC_AUTH,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
    },
  },
  refund: {
    ...lateRoutes.razorpayEmulator.refund,
    schema: {
      summary: 'Refund a captured payment (all that is left when no amount is given)',
      description: `\`X-Refund-Idempotency\`: the same key answers the same refund, never a second one. The first refund of a payment made with card 4000 0000 0000 0077 or UPI refundfail@razorpay fails (decision 119). ${BASIC_AUTH}`,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
      body: emulatorRefundBodySchema,
    },
  },
  paymentRefunds: {
    ...lateRoutes.razorpayEmulator.paymentRefunds,
    schema: {
      summary: 'The refunds of a payment',
      description: BASIC_AUTH,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
    },
  },
  refundGet: {
    ...lateRoutes.razorpayEmulator.refundGet,
    schema: {
      summary: 'One refund',
      description: BASIC_AUTH,
      tags: emulatorTags,
      params: emulatorIdParamsSchema,
    },
  },
  checkoutScript: {
    ...lateRoutes.razorpayEmulator.checkoutScript,
    schema: {
      summary: 'The checkout widget (checkout.js’s browser API)',
      tags: emulatorTags,
      produces: ['application/javascript'],
    },
  },
  checkoutStyles: {
    ...lateRoutes.razorpayEmulator.checkoutStyles,
    schema: { summary: 'The checkout widget’s styles', tags: emulatorTags, produces: ['text/css'] },
  },
  pay: {
    ...lateRoutes.razorpayEmulator.pay,
    schema: {
      summary: 'The widget’s Pay button: test cards and UPI IDs (README)',
      description: `Carries the key id, never the secret; answers the signed payment. ${RAZORPAY_SHAPES}`,
      tags: emulatorTags,
      body: emulatorPayBodySchema,
    },
  },
});

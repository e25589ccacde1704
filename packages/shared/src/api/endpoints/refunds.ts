import {
  adminPayoutDoneSchema,
  adminRefundListQuerySchema,
  adminRefundListResponseSchema,
  adminRefundResponseSchema,
  adminRefundIdParamsSchema,
} from '../../schemas/order-life';
import { ADMIN_SESSION, endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';

const refused = refusals(400, 401, 403, 404, 409);
const security = ADMIN_SESSION;
const tags = ['Admin: refunds'] as const;

/** The refund ledger for the shop owner (docs/decisions/119-refunds-and-webhook-retries.md). */
export const refunds = endpointGroup({
  adminList: {
    ...lateRoutes.refunds.adminList,
    schema: {
      summary: 'Refunds: open (pending or failed, oldest first), failed, or all (newest first)',
      tags,
      security,
      querystring: adminRefundListQuerySchema,
      response: { 200: adminRefundListResponseSchema, ...refused },
    },
  },
  adminRetry: {
    ...lateRoutes.refunds.adminRetry,
    schema: {
      summary: 'Send a failed Razorpay refund again now (no body)',
      description:
        'Only a failed Razorpay refund: anything else is 409. The refund row id stays the idempotency key, so it is never refunded twice.',
      tags,
      security,
      params: adminRefundIdParamsSchema,
      response: { 200: adminRefundResponseSchema, ...refused },
    },
  },
  adminPaidOut: {
    ...lateRoutes.refunds.adminPaidOut,
    schema: {
      summary: 'Mark a cash-on-delivery refund paid out by UPI, with its transaction reference',
      description: 'Only a pending UPI payout: anything else is 409. The shopper gets an e-mail.',
      tags,
      security,
      params: adminRefundIdParamsSchema,
      body: adminPayoutDoneSchema,
      response: { 200: adminRefundResponseSchema, ...refused },
    },
  },
});

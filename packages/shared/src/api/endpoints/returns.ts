import { adminIdParamsSchema } from '../../schemas/admin';
import {
  adminReturnListQuerySchema,
  adminReturnListResponseSchema,
  adminReturnMoveSchema,
  adminReturnResponseSchema,
  returnQuoteRequestSchema,
  returnQuoteResponseSchema,
  returnRequestBodySchema,
  returnResponseSchema,
} from '../../schemas/order-life';
import { ADMIN_SESSION, endpointGroup, refusals, SESSION } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Returns'] as const;
const adminTags = ['Admin: returns'] as const;

/**
 * Returns and size exchanges of delivered orders: the shopper's quote and request, the admin's
 * queue and steps (docs/decisions/120-returns-and-exchanges.md).
 */
export const returns = endpointGroup({
  quote: {
    ...lateRoutes.returns.quote,
    schema: {
      summary: 'What a return would refund now, in paise (0 for an exchange); nothing is written',
      description:
        'Runs every check a request gets (own order, delivered, within the return window, units left, exchange size in stock).',
      tags,
      security: SESSION,
      body: returnQuoteRequestSchema,
      response: { 200: returnQuoteResponseSchema, ...refusals(400, 401, 404, 409) },
    },
  },
  create: {
    ...lateRoutes.returns.create,
    schema: {
      summary: 'Ask for a return (refund) or a size exchange of delivered items',
      description:
        'The refund is each line’s paid share (discount shared, delivery fee never refunded); a cash-on-delivery refund needs a UPI ID. An exchange holds the new size’s units at once.',
      tags,
      security: SESSION,
      body: returnRequestBodySchema,
      response: { 200: returnResponseSchema, ...refusals(400, 401, 404, 409) },
    },
  },
  adminList: {
    ...lateRoutes.returns.adminList,
    schema: {
      summary: 'Return and exchange requests: open (oldest first), closed or all (newest first)',
      tags: adminTags,
      security: ADMIN_SESSION,
      querystring: adminReturnListQuerySchema,
      response: { 200: adminReturnListResponseSchema, ...refusals(400, 401, 403) },
    },
  },
  adminMove: {
    ...lateRoutes.returns.adminMove,
    schema: {
      summary: 'Move a request one step; the shopper gets an e-mail',
      description:
        'requested → approved | rejected (note kept) → picked_up → received (units restocked; a refund request is refunded at once) → exchange_shipped (courier and tracking number) → exchange_delivered. A step not allowed now, or one someone else made first, is 409.',
      tags: adminTags,
      security: ADMIN_SESSION,
      params: adminIdParamsSchema,
      body: adminReturnMoveSchema,
      response: { 200: adminReturnResponseSchema, ...refusals(400, 401, 403, 404, 409) },
    },
  },
});

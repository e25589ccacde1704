import {
  returnQuoteRequestSchema,
  returnQuoteResponseSchema,
  returnRequestBodySchema,
  returnResponseSchema,
} from '../../schemas/order-life';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { routes } from '../routes';

const tags = ['Returns'] as const;
const refused = refusals(400, 401, 404, 409);

/** Returns and exchanges of a delivered order (docs/decisions/118-order-life.md). */
export const returns = endpointGroup({
  quote: {
    ...routes.returns.quote,
    schema: {
      summary: 'What a return of some units would refund, without asking for it',
      tags,
      security: SESSION,
      body: returnQuoteRequestSchema,
      response: { 200: returnQuoteResponseSchema, ...refused },
    },
  },
  create: {
    ...routes.returns.create,
    schema: {
      summary: 'Ask for a return (refund) or a size exchange of a delivered order',
      tags,
      security: SESSION,
      body: returnRequestBodySchema,
      response: { 200: returnResponseSchema, ...refused },
    },
  },
});

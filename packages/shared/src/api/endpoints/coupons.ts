import {
  couponCheckRequestSchema,
  couponCheckResponseSchema,
  couponListResponseSchema,
} from '../../schemas/coupon';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { routes } from '../routes';

const tags = ['Coupons'] as const;

/** The shopper's coupon calls (docs/architecture.md §4.1, decisions 065, 097). */
export const coupons = endpointGroup({
  list: {
    ...routes.coupons.list,
    schema: {
      summary: 'The offers shown at checkout (hidden codes are not listed)',
      tags,
      response: { 200: couponListResponseSchema },
    },
  },
  check: {
    ...routes.coupons.check,
    schema: {
      summary: 'Check a code against the signed-in cart and answer the totals with it',
      description: 'Rate-limited per account and per address (decision 097): 429 with Retry-After.',
      tags,
      security: SESSION,
      body: couponCheckRequestSchema,
      response: { 200: couponCheckResponseSchema, ...refusals(400, 401, 429) },
    },
  },
});

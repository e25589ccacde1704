import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  couponCheckRequestSchema,
  couponCheckResponseSchema,
  couponListResponseSchema,
} from '@vastra/shared/schemas/coupon';
import { errorResponseSchema } from '@vastra/shared/schemas/common';
import type { Database } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { limitRequests, type RequestLimit } from '../../plugins/request-limit';
import { couponSummary, listOffers, priceCart } from './coupons.service';

const MINUTE = 60_000;
const tooManyChecks = (wait: string) => `Too many coupon checks. Please try again in ${wait}.`;
/**
 * A shopper typing codes never meets these; a script guessing hidden codes does (decision 097).
 * Per IP as well, so many accounts behind one client do not multiply the guesses.
 */
export const COUPON_CHECK_LIMITS: readonly RequestLimit[] = [
  {
    per: 'account',
    rule: { name: 'coupon-check:account', limit: 30, windowMs: MINUTE, message: tooManyChecks },
  },
  {
    per: 'ip',
    rule: { name: 'coupon-check:ip', limit: 60, windowMs: MINUTE, message: tooManyChecks },
  },
];

/** The coupon calls (issue 6): the public offers list and the signed-in coupon check. */
export async function couponRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/coupon/list',
    { schema: { response: { 200: couponListResponseSchema } } },
    async () => ({ success: true as const, coupons: await listOffers(db) }),
  );

  api.post(
    '/api/coupon/check',
    {
      // Before the body is parsed: without a session the answer is 401 whatever was sent.
      onRequest: app.authenticate,
      // Counted before the body is checked: a malformed guess is still a guess.
      preValidation: limitRequests(app.rateLimiter, COUPON_CHECK_LIMITS),
      schema: {
        body: couponCheckRequestSchema,
        response: {
          200: couponCheckResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // Only the code and the applied code are read: a sent subtotal or amount changes nothing.
      const { code, applied } = request.body;
      const priced = await priceCart(db, currentUser(request).id, code, { applied });
      // priceCart with a code either throws or returns the accepted coupon and its message.
      if (!priced.coupon || priced.message === null)
        throw new Error('priceCart accepted no coupon');
      return {
        success: true as const,
        message: priced.message,
        coupon: couponSummary(priced.coupon),
        totals: priced.totals,
      };
    },
  );
}

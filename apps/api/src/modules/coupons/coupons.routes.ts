import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import { accountAndIpLimits, limitRequests } from '../../plugins/request-limit';
import {
  couponSummary,
  listOffers,
  priceCart,
  type CountEarlierOrders,
  type OpenOnlineOrderId,
} from './coupons.service';

/**
 * A shopper typing codes never meets these; a script guessing hidden codes does (decision 097).
 * Per address as well, so many accounts on one machine do not multiply the guesses; set far above
 * what a mobile carrier's shared address (CGNAT) sends honestly, and far below a guessing script.
 */
export const COUPON_CHECK_LIMITS = accountAndIpLimits('coupon-check', {
  perAccount: 30,
  perIp: 300,
  message: (wait) => `Too many coupon checks. Please try again in ${wait}.`,
});

/** The coupon calls: the public offers list and the signed-in coupon check. */
export async function couponRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    rateLimiter: RateLimiter;
    countEarlierOrders: CountEarlierOrders;
    openOnlineOrderId: OpenOnlineOrderId;
  },
): Promise<void> {
  const { db, rateLimiter, countEarlierOrders, openOnlineOrderId } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.coupons.list),
    handler: async () => ({ success: true as const, coupons: await listOffers(db) }),
  });

  api.route({
    ...routeOf(endpoints.coupons.check),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    // Counted before the body is checked: a malformed guess is still a guess.
    preValidation: limitRequests(rateLimiter, COUPON_CHECK_LIMITS),
    handler: async (request) => {
      // Only the code and the applied code are read: a sent subtotal or amount changes nothing.
      const { code, applied } = request.body;
      const userId = currentUser(request).id;
      // Checkout reuses or replaces the shopper's open online order, so its coupon is no obstacle.
      const priced = await priceCart(db, userId, code, {
        countEarlierOrders,
        applied,
        exceptOrderId: await openOnlineOrderId(db, userId),
      });
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
  });
}

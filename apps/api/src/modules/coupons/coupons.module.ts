import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import { couponRoutes } from './coupons.routes';
import type { CountEarlierOrders, OpenOnlineOrderId } from './coupons.service';

interface CouponsDeps {
  db: Database;
  /** Counts coupon checks (decision 097). */
  rateLimiter: RateLimiter;
  /** The orders module's count of an account's placed orders (FREEDEL's limit). */
  countEarlierOrders: CountEarlierOrders;
  /** The orders module's open online order of an account (its held coupon is not in the way). */
  openOnlineOrderId: OpenOnlineOrderId;
}

/** Coupons: the offers list and the signed-in coupon check (decision 065). Needs app.authenticate. */
export async function registerCoupons(app: FastifyInstance, deps: CouponsDeps): Promise<void> {
  await app.register(couponRoutes, {
    db: deps.db,
    rateLimiter: deps.rateLimiter,
    countEarlierOrders: deps.countEarlierOrders,
    openOnlineOrderId: deps.openOnlineOrderId,
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_COUPON_MESSAGES as M } from '@vastra/shared/schemas/admin';
import { routeOf } from '../../lib/endpoint-route';
import type { AdminCouponsService } from '../coupons/admin-coupons.service';

/** Coupons: all of them with their use counts; create; change limits and flags. */
export async function adminCouponRoutes(
  app: FastifyInstance,
  opts: { coupons: AdminCouponsService },
): Promise<void> {
  const { coupons } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.admin.couponList),
    handler: async () => ({ success: true as const, coupons: await coupons.list() }),
  });

  api.route({
    ...routeOf(endpoints.admin.couponCreate),
    handler: async (request) => ({
      success: true as const,
      message: M.created,
      coupon: await coupons.create(request.body),
    }),
  });

  // Activate / deactivate is `{ "active": true | false }`.
  api.route({
    ...routeOf(endpoints.admin.couponUpdate),
    handler: async (request) => ({
      success: true as const,
      message: M.updated,
      coupon: await coupons.update(request.params.id, request.body),
    }),
  });
}

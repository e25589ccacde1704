import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_COUPON_MESSAGES as M,
  adminCouponCreateSchema,
  adminCouponListResponseSchema,
  adminCouponResponseSchema,
  adminCouponUpdateSchema,
  adminIdParamsSchema,
} from '@vastra/shared/schemas/admin';
import type { AdminCouponsService } from './admin-coupons.service';
import { refusals } from './admin-refusals';

/** Coupons: all of them with their use counts; create; change limits and flags. */
export async function adminCouponRoutes(
  app: FastifyInstance,
  opts: { coupons: AdminCouponsService },
): Promise<void> {
  const { coupons } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/coupons',
    { schema: { response: { 200: adminCouponListResponseSchema, ...refusals } } },
    async () => ({ success: true as const, coupons: await coupons.list() }),
  );

  api.post(
    '/api/admin/coupons',
    {
      schema: {
        body: adminCouponCreateSchema,
        response: { 200: adminCouponResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: M.created,
      coupon: await coupons.create(request.body),
    }),
  );

  // Activate / deactivate is `{ "active": true | false }`.
  api.patch(
    '/api/admin/coupons/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminCouponUpdateSchema,
        response: { 200: adminCouponResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: M.updated,
      coupon: await coupons.update(request.params.id, request.body),
    }),
  );
}

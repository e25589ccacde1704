import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOrderStatusRequestSchema,
} from '@vastra/shared/schemas/admin';
import type { AdminOrdersService } from './admin-orders.service';
import { refusals } from './admin-refusals';

/** Orders: all orders newest first, status steps, cash received. */
export async function adminOrderRoutes(
  app: FastifyInstance,
  opts: { orders: AdminOrdersService },
): Promise<void> {
  const { orders } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/orders',
    {
      schema: {
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { orders: list, total } = await orders.list(request.query);
      return { success: true as const, orders: list, page, pageSize, total };
    },
  );

  api.post(
    '/api/admin/orders/:id/status',
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminOrderStatusRequestSchema,
        response: { 200: adminOrderResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const order = await orders.changeStatus(request.params.id, request.body.status);
      return { success: true as const, message: `Order is now ${order.status}`, order };
    },
  );

  api.post(
    '/api/admin/orders/:id/paid',
    {
      schema: {
        params: adminIdParamsSchema,
        response: { 200: adminOrderResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const order = await orders.markPaid(request.params.id);
      return { success: true as const, message: 'Payment received', order };
    },
  );
}

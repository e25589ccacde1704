import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminOrdersService } from '../orders/admin-orders.service';

/** Orders: all orders newest first, one order's detail, status steps, cash received. */
export async function adminOrderRoutes(
  app: FastifyInstance,
  opts: { orders: AdminOrdersService },
): Promise<void> {
  const { orders } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.admin.orderList),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const { orders: list, total } = await orders.list(request.query);
      return { success: true as const, orders: list, page, pageSize, total };
    },
  });

  api.route({
    ...routeOf(endpoints.admin.orderGet),
    handler: async (request) => ({
      success: true as const,
      order: await orders.detail(request.params.id),
    }),
  });

  api.route({
    ...routeOf(endpoints.admin.orderStatus),
    handler: async (request) => {
      const { status, ...change } = request.body;
      const order = await orders.changeStatus(
        request.params.id,
        status,
        currentUser(request).email,
        change,
      );
      return { success: true as const, message: `Order is now ${order.status}`, order };
    },
  });

  api.route({
    ...routeOf(endpoints.admin.orderPaid),
    handler: async (request) => {
      const order = await orders.markPaid(request.params.id, currentUser(request).email);
      return { success: true as const, message: 'Payment received', order };
    },
  });
}

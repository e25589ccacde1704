import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import type { AdminOrdersService } from '../orders/admin-orders.service';

/** The overview's numbers: orders and revenue today and this week, orders waiting to be packed. */
export async function adminOverviewRoutes(
  app: FastifyInstance,
  opts: { orders: AdminOrdersService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.admin.overview),
    handler: async () => ({ success: true as const, overview: await opts.orders.overview() }),
  });
}

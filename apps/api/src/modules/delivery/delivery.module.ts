import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { adminDeliveryRoutes, deliveryRoutes } from './delivery.routes';

/**
 * Delivery by PIN code (docs/decisions/128-delivery-check.md): the public check, and the admin's
 * ranges and holidays in their own scope behind the admin role. Needs app.requireRole.
 */
export async function registerDelivery(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock },
): Promise<void> {
  await app.register(deliveryRoutes, deps);
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminDeliveryRoutes, deps);
  });
}

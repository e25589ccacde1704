import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeOf } from '../../lib/endpoint-route';
import { readDeliverySettings, replaceDeliverySettings } from './delivery.repository';
import { checkDelivery } from './delivery.service';

interface DeliveryRouteOptions {
  db: Database;
  clock: Clock;
}

/** The public delivery check by PIN code. */
export async function deliveryRoutes(app: FastifyInstance, opts: DeliveryRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(endpoints.delivery.check),
    handler: async (request) => ({
      success: true as const,
      check: await checkDelivery(opts.db, request.params.pin, opts.clock.now()),
    }),
  });
}

/** The admin's delivery settings (registered behind the admin role). */
export async function adminDeliveryRoutes(app: FastifyInstance, opts: DeliveryRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(endpoints.delivery.settings),
    handler: async () => ({
      success: true as const,
      settings: await readDeliverySettings(opts.db),
    }),
  });
  api.route({
    ...routeOf(endpoints.delivery.saveSettings),
    handler: async (request) => {
      await replaceDeliverySettings(opts.db, request.body);
      request.log.info(
        { zones: request.body.zones.length, holidays: request.body.holidays.length },
        'delivery settings saved',
      );
      return { success: true as const, settings: await readDeliverySettings(opts.db) };
    },
  });
}

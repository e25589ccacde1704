import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import type { ScreenProducts } from './screen-products.service';

/**
 * What the storefront's screens show, by query (docs/decisions/146-screens-ask-for-what-they-show.md).
 * `latest`, `by-ids` and `bestsellers` are static paths, so they win over `/api/product/:id`.
 */
export async function screenProductRoutes(
  app: FastifyInstance,
  opts: { screens: ScreenProducts },
): Promise<void> {
  const { screens } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(endpoints.catalog.product),
    handler: async (request) => ({
      success: true as const,
      product: await screens.product(request.params.id),
    }),
  });
  api.route({
    ...routeOf(endpoints.catalog.latest),
    handler: async () => ({ success: true as const, products: await screens.latest() }),
  });
  api.route({
    ...routeOf(endpoints.catalog.bestsellers),
    handler: async () => ({ success: true as const, products: await screens.bestsellers() }),
  });
  api.route({
    ...routeOf(endpoints.catalog.related),
    handler: async (request) => ({
      success: true as const,
      products: await screens.related(request.params.id),
    }),
  });
  api.route({
    ...routeOf(endpoints.catalog.byIds),
    handler: async (request) => ({
      success: true as const,
      products: await screens.byIds(request.query.ids),
    }),
  });
}

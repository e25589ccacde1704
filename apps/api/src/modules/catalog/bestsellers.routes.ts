import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import { rankBestsellers, type UnitsSold } from './bestsellers';
import type { CatalogService } from './catalog.service';

/**
 * `GET /api/product/bestsellers`: the home page's Best sellers, in the list's product shape.
 * A static path, so it wins over `/api/product/:id`.
 */
export async function bestsellerRoutes(
  app: FastifyInstance,
  opts: { catalog: CatalogService; unitsSold: () => Promise<UnitsSold> },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.catalog.bestsellers),
    handler: async () => {
      const [snapshot, sold] = await Promise.all([opts.catalog.snapshot(), opts.unitsSold()]);
      return { success: true as const, products: rankBestsellers(snapshot.products, sold) };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import type { CatalogueQueryService } from './catalogue-query.service';

/** GET /api/products: the collection's page, answered by PostgreSQL (decision 139). */
export async function catalogueQueryRoutes(
  app: FastifyInstance,
  opts: { catalogue: CatalogueQueryService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(endpoints.catalog.query),
    handler: async (request) => opts.catalogue.query(request.query),
  });
}

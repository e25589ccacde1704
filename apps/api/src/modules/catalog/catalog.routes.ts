import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import { pickEncoding } from '../../lib/pick-encoding';
import type { CatalogService, CatalogSnapshot } from './catalog.service';

function sendSnapshot(request: FastifyRequest, reply: FastifyReply, snap: CatalogSnapshot): void {
  // The hot path: bytes prepared once, no serialisation, no compression per request.
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding).send(snap[encoding]);
  else reply.send(snap.json);
}

export async function catalogRoutes(
  app: FastifyInstance,
  opts: { catalog: CatalogService },
): Promise<void> {
  const { catalog } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.catalog.list),
    // The answer is pre-compressed by the service; the global compression hook must not redo it.
    compress: false,
    handler: async (request, reply) => {
      sendSnapshot(request, reply, catalog.peekSnapshot() ?? (await catalog.snapshot()));
      return reply;
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import type { CatalogService, CatalogSnapshot } from './catalog.service';

/** Picks a pre-compressed body; q=0 means "not acceptable" (RFC 9110 §12.5.3). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

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

  api.route({
    ...routeOf(endpoints.catalog.product),
    handler: async (request) => {
      const product = await catalog.getProduct(request.params.id);
      return { success: true as const, product };
    },
  });
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import type { Database } from '../../db/client';
import { DEMO_VIDEOS_DIR, listCarouselVideos } from './media.service';

/**
 * The clips keep their names when remade, so they are not `immutable`; a month's max-age with
 * ETag/Last-Modified revalidation keeps repeat visits off the network. A changed clip gets a new
 * file name (docs/decisions/030).
 */
const VIDEO_CACHE = 'public, max-age=2592000';

export async function mediaRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // `/api/videos/` as docs/product.md writes it; the app ignores trailing slashes, so `/api/videos` too.
  api.route({
    ...routeOf(endpoints.catalog.videos),
    handler: async () => ({ success: true as const, videos: await listCarouselVideos(opts.db) }),
  });

  // The demo clips: video/webm, byte ranges (a browser seeks and loops with Range requests).
  // Video is already compressed; @fastify/compress leaves video/* alone.
  await app.register(fastifyStatic, {
    root: DEMO_VIDEOS_DIR,
    prefix: MEDIA_VIDEOS_PATH,
    decorateReply: false,
    dotfiles: 'ignore',
    index: false,
    cacheControl: false,
    acceptRanges: true,
    setHeaders: (reply) => {
      reply.header('cache-control', VIDEO_CACHE);
    },
  });
}

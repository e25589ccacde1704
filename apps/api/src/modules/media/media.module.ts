import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { mediaRoutes } from './media.routes';

interface MediaDeps {
  db: Database;
}

/** The home page's clips: the carousel list and the demo clips' files (decision 030). */
export async function registerMedia(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  await app.register(mediaRoutes, { db: deps.db });
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStore } from '../../providers/storage/file-store';
import type { CatalogService } from '../catalog/catalog.service';
import { adminHomeHeroRoutes, homeHeroRoutes } from './home-hero.routes';
import { createHomeHeroService, type HomeHeroService } from './home-hero.service';

/**
 * The home page's hero (docs/decisions/147-owner-picks-the-home-hero.md): the shop's GET, and
 * the owner's in their own scope behind the admin role with multipart for the banner, as
 * /api/admin's are. Returns the service, whose first picture the home page's HTML preloads.
 * Needs app.requireRole.
 */
export async function registerHomeHero(
  app: FastifyInstance,
  deps: { db: Database; catalog: CatalogService; store: FileStore },
): Promise<HomeHeroService> {
  const hero = createHomeHeroService(deps);
  await app.register(homeHeroRoutes, { hero });
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(fastifyMultipart);
    await admin.register(adminHomeHeroRoutes, { hero });
  });
  return hero;
}

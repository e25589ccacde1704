import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { CatalogService } from '../catalog/catalog.service';
import { adminCouponRoutes } from './admin-coupons.routes';
import { createAdminCouponsService } from './admin-coupons.service';
import { adminOrderRoutes } from './admin-orders.routes';
import { createAdminOrdersService } from './admin-orders.service';
import { adminOverviewRoutes } from './admin-overview';
import { adminProductRoutes } from './admin-products.routes';
import { createAdminProductsService } from './admin-products.service';
import { adminVideoRoutes } from './admin-videos.routes';
import { createAdminVideosService } from './admin-videos.service';

/**
 * The shop owner's API, every route under /api/admin. One scope: the role check
 * runs on every request in it before the body is even read (401 without a session, 403 for a
 * customer), and multipart parsing exists only here. Needs app.requireRole and app.mailer.
 */
export async function registerAdmin(
  app: FastifyInstance,
  opts: { db: Database; catalog: CatalogService; uploadsDir: string; clock?: Clock | undefined },
): Promise<void> {
  const { db, catalog, uploadsDir } = opts;
  const clock = opts.clock ?? systemClock;
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    // Limits are set per route (pictures 5 MB, clips 50 MB); this only makes multipart parseable.
    await admin.register(fastifyMultipart);
    await admin.register(adminOverviewRoutes, { db, clock });
    await admin.register(adminProductRoutes, {
      products: createAdminProductsService({ db, catalog, uploadsDir, clock }),
    });
    await admin.register(adminOrderRoutes, {
      orders: createAdminOrdersService({ db, clock, mailer: app.mailer, log: app.log }),
    });
    await admin.register(adminCouponRoutes, { coupons: createAdminCouponsService({ db }) });
    await admin.register(adminVideoRoutes, {
      videos: createAdminVideosService({ db, uploadsDir }),
      uploadsDir,
    });
  });
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { FileStore } from '../../providers/storage/file-store';
import type { CatalogService } from '../catalog/catalog.service';
import { adminCouponRoutes } from './admin-coupons.routes';
import { createAdminCouponsService } from '../coupons/admin-coupons.service';
import { adminOrderRoutes } from './admin-orders.routes';
import { createAdminOrdersService } from '../orders/admin-orders.service';
import type { RefundDesk } from '../refunds/refund-desk';
import type { TaxDesk } from '../tax/tax-desk';
import { adminOverviewRoutes } from './admin-overview';
import { adminProductRoutes } from './admin-products.routes';
import { adminStockRoutes } from './admin-stock.routes';
import { createAdminProductsService } from '../catalog/admin-products.service';
import { adminVideoRoutes } from './admin-videos.routes';
import { createAdminVideosService } from '../media/admin-videos.service';

interface AdminDeps {
  db: Database;
  /** Product writes drop the catalogue's cached list. */
  catalog: CatalogService;
  /** Where uploaded pictures and clips are kept (decision 115). */
  store: FileStore;
  /** Clips are staged here, on the local disk, before they go to the store. */
  uploadsDir: string;
  clock: Clock;
  /** Status-change mails to shoppers. */
  mailer: Mailer;
  /** Sends the refunds an admin's cancellation asks for (refunds module). */
  refunds: RefundDesk;
  /** Invoices delivered cash-on-delivery orders, credits cancellations (the tax module). */
  tax: TaxDesk;
}

/**
 * The shop owner's API, every route under /api/admin. One scope: the role check
 * runs on every request in it before the body is even read (401 without a session, 403 for a
 * customer), and multipart parsing exists only here. Needs app.requireRole.
 */
export async function registerAdmin(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const { db, catalog, store, uploadsDir, clock, mailer } = deps;
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    // Limits are set per route (pictures 5 MB, clips 50 MB); this only makes multipart parseable.
    await admin.register(fastifyMultipart);
    const orders = createAdminOrdersService({
      db,
      clock,
      mailer,
      log: app.log,
      refunds: deps.refunds,
      tax: deps.tax,
    });
    await admin.register(adminOverviewRoutes, { orders });
    await admin.register(adminProductRoutes, {
      products: createAdminProductsService({ db, catalog, store, clock }),
    });
    await admin.register(adminStockRoutes, { db });
    await admin.register(adminOrderRoutes, { orders });
    await admin.register(adminCouponRoutes, { coupons: createAdminCouponsService({ db }) });
    await admin.register(adminVideoRoutes, {
      videos: createAdminVideosService({ db, store }),
      uploadsDir,
    });
  });
}

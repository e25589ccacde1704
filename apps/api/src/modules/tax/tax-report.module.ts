import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { adminTaxReportRoutes } from './tax-report.routes';

/**
 * The shop owner's monthly GST report under /api/admin (docs/decisions/125-gst-report.md): reads
 * the tax documents only, so it depends on nothing but the database. Needs app.requireRole.
 */
export async function registerTaxReport(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock },
): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminTaxReportRoutes, deps);
  });
}

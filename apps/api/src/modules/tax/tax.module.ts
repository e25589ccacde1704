import type { FastifyInstance } from 'fastify';
import type { SellerIdentity } from '../../config';
import type { Database } from '../../db/client';
import type { TaxDesk } from './tax-desk';
import { adminTaxDocumentRoutes, taxDocumentRoutes } from './tax.routes';
import { createTaxDesk } from './tax.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tax desk; decorated for tests that drive the order life by hand (sweep, refunds). */
    tax: TaxDesk;
  }
}

/**
 * GST invoices and credit notes (docs/decisions/123-gst-invoices.md, 124-tax-invoices-api.md):
 * the desk the orders, refunds and returns modules issue documents with, in their own
 * transactions, and the PDF downloads (the shopper's own orders', the admin's of any). Needs
 * app.authenticate and app.requireRole.
 */
export async function registerTax(
  app: FastifyInstance,
  deps: { db: Database; seller: SellerIdentity },
): Promise<TaxDesk> {
  const tax = createTaxDesk({ seller: deps.seller });
  app.decorate('tax', tax);
  await app.register(taxDocumentRoutes, { db: deps.db });
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminTaxDocumentRoutes, { db: deps.db });
  });
  return tax;
}

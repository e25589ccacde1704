import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { TAX_DOCUMENT_MESSAGES } from '@vastra/shared/schemas/tax-documents';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { findOrderOfUser } from '../orders/orders.repository';
import { documentFile } from './document-file';
import { findTaxDocument } from './tax-documents.repository';

const notFound = () => new AppError('not_found', TAX_DOCUMENT_MESSAGES.notFound);

/** The PDF as a download: private to whoever asked, never kept by a cache on the way. */
function sendPdf(reply: FastifyReply, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/**
 * The shopper's download of a document of their own order. Another shopper's order and a
 * document of another order answer the same 404: nothing tells a stranger that the id exists.
 */
export async function taxDocumentRoutes(
  app: FastifyInstance,
  opts: { db: Database },
): Promise<void> {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.orders.document),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const { id, documentId } = request.params;
      const order = await findOrderOfUser(db, id, currentUser(request).id);
      const document = order ? await findTaxDocument(db, documentId) : undefined;
      if (!order || !document || document.orderId !== order.id) throw notFound();
      return sendPdf(reply, await documentFile(db, document));
    },
  });
}

/** The admin's download of any document (registered in a scope behind the admin role). */
export async function adminTaxDocumentRoutes(
  app: FastifyInstance,
  opts: { db: Database },
): Promise<void> {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.admin.document),
    handler: async (request, reply) => {
      const document = await findTaxDocument(db, request.params.documentId);
      if (!document) throw notFound();
      return sendPdf(reply, await documentFile(db, document));
    },
  });
}

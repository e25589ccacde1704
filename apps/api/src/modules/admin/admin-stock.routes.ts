import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_PRODUCT_MESSAGES as M } from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { productsById } from '../catalog/catalog.service';
import { lowStockRows, stockMovementsOf } from '../stock/stock.service';

/** Stock: the sizes running low, and a product's stock ledger (docs/decisions/110). */
export async function adminStockRoutes(
  app: FastifyInstance,
  opts: { db: Database },
): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.admin.stockLow),
    handler: async (request) => ({
      success: true as const,
      rows: await lowStockRows(db, request.query.threshold),
    }),
  });

  api.route({
    ...routeOf(endpoints.admin.stockMovements),
    handler: async (request) => {
      const { id } = request.params;
      const { page, pageSize } = request.query;
      // Deleted products keep their ledger; an id that names no product is a 404.
      if (!(await productsById(db, [id])).has(id)) throw new AppError('not_found', M.notFound);
      const { movements, total } = await stockMovementsOf(db, id, { page, pageSize });
      return { success: true as const, movements, page, pageSize, total };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { StockView } from '../stock/stock.service';
import type { UnitsSold } from './bestsellers';
import { bestsellerRoutes } from './bestsellers.routes';
import { catalogRoutes } from './catalog.routes';
import {
  CATALOG_CHANGED_CHANNEL,
  createCatalogService,
  type CatalogService,
} from './catalog.service';

interface CatalogDeps {
  /** The whole handle: the catalogue LISTENs for changes other processes announce. */
  database: DatabaseHandle;
  /** Units sold per product in paid orders, for the best sellers (the orders module counts them). */
  unitsSold: () => Promise<UnitsSold>;
  /** The shoppers' availability map (registerStock): every product answer carries its stock. */
  stock: StockView;
}

/**
 * The catalogue: the product list (kept serialised in memory, dropped on every announced change,
 * decisions 005 and 096), one product, and the best sellers. Returns the service for the modules
 * that write products (admin).
 */
export async function registerCatalog(
  app: FastifyInstance,
  deps: CatalogDeps,
): Promise<CatalogService> {
  const { database } = deps;
  const catalog = createCatalogService({ db: database.db, log: app.log, stock: deps.stock });
  // A dropped LISTEN connection is re-established; meanwhile the snapshot expires on its own.
  const unlisten = await database.listen(CATALOG_CHANGED_CHANNEL, () => catalog.invalidate(), {
    onLost: () => catalog.setListening(false),
    onRestored: () => catalog.setListening(true),
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
  // Build the list before the first shopper asks for it (and fail the start if the query fails).
  app.addHook('onReady', async () => {
    await catalog.snapshot();
  });
  await app.register(catalogRoutes, { catalog });
  await app.register(bestsellerRoutes, { catalog, unitsSold: deps.unitsSold });
  return catalog;
}

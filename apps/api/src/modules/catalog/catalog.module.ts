import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { STOCK_CHANGED_PAYLOAD, type StockView } from '../stock/stock.service';
import { catalogRoutes } from './catalog.routes';
import { catalogueQueryRoutes } from './catalogue-query.routes';
import { createCatalogueQueryService, type CatalogueQueryService } from './catalogue-query.service';
import { screenProductRoutes } from './screen-products.routes';
import { createScreenProducts } from './screen-products.service';
import {
  CATALOG_CHANGED_CHANNEL,
  countsChangeOf,
  createCatalogService,
  type CatalogService,
} from './catalog.service';

interface CatalogDeps {
  /** The whole handle: the catalogue LISTENs for changes other processes announce. */
  database: DatabaseHandle;
  /** The shoppers' availability map (registerStock): every product answer carries its stock. */
  stock: StockView;
}

/**
 * The catalogue: the product list (kept serialised in memory, dropped on every announced change,
 * decisions 005 and 096), the collection's query (decision 139), and what each screen shows
 * (one product, the home page's rows, related products, a cart's products; decision 146). Returns the service for the modules
 * that write products (admin), and the collection's query for the collection's page (decision 165).
 */
export async function registerCatalog(
  app: FastifyInstance,
  deps: CatalogDeps,
): Promise<{ catalog: CatalogService; catalogue: CatalogueQueryService }> {
  const { database } = deps;
  const catalog = createCatalogService({ db: database.db, log: app.log, stock: deps.stock });
  // The collection's query (decision 139) reads PostgreSQL, never the list's snapshot; it keeps
  // only the counts of recent queries, read again after every product change (decision 150).
  const catalogue = createCatalogueQueryService({
    db: database.db,
    log: app.log,
    // PGlite has no parallel workers, and a transaction there holds every other query back.
    backgroundOnOneCore: database.driver === 'postgres',
  });
  // A dropped LISTEN connection is re-established; meanwhile the snapshot expires on its own.
  // One LISTEN for products and stock: a stock change ('stock' payload) drops only the
  // availability map, so orders never make the product rows be read again (decision 110).
  const unlisten = await database.listen(
    CATALOG_CHANGED_CHANNEL,
    (payload) => {
      if (payload === STOCK_CHANGED_PAYLOAD) return deps.stock.invalidate();
      catalog.invalidate();
      catalogue.countsChanged(countsChangeOf(payload));
    },
    {
      onLost: () => {
        catalogue.countsChanged();
        catalog.setListening(false);
        deps.stock.setListening(false);
      },
      onRestored: () => {
        catalog.setListening(true);
        deps.stock.setListening(true);
      },
    },
  );
  app.addHook('onClose', async () => {
    await unlisten();
  });
  // Start building the list before the first shopper asks for it, without holding the start
  // back: at 100,000 products reading, checking and compressing it outlast Fastify's hook
  // timeout (docs/decisions/139-catalogue-query.md). A failure is logged; the list's route then
  // builds it again, and fails, on its first request.
  app.addHook('onReady', async () => {
    catalog.warmUp();
  });
  await app.register(catalogRoutes, { catalog });
  await app.register(catalogueQueryRoutes, { catalogue });
  // One product, the home page's rows, the related row and a cart's products, each by query
  // (docs/decisions/146-screens-ask-for-what-they-show.md).
  await app.register(screenProductRoutes, { screens: createScreenProducts({ db: database.db }) });
  return { catalog, catalogue };
}

import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { createStockView, type StockView } from './stock.service';

/**
 * Stock per size (docs/decisions/110): owns product_stock and stock_movements. Its writes are
 * functions of stock.service.ts that the cart, orders and admin call inside their transactions;
 * this makes the shoppers' availability map and returns it for the catalogue, whose LISTEN
 * connection drops it on `NOTIFY catalog_changed, 'stock'` (with the catalogue's fallback expiry
 * while LISTEN is down).
 */
export function registerStock(app: FastifyInstance, deps: { database: DatabaseHandle }): StockView {
  const view = createStockView({ db: deps.database.db, log: app.log });
  app.addHook('onClose', async () => {
    view.close();
  });
  return view;
}

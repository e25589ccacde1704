import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { createStockView, STOCK_CHANGED_CHANNEL, type StockView } from './stock.service';

/**
 * Stock per size (docs/decisions/110): owns product_stock and stock_movements. Its writes are
 * functions of stock.service.ts that the cart, orders and admin call inside their transactions;
 * this registers the shoppers' availability map, dropped in every process on `NOTIFY
 * stock_changed` (with the catalogue's fallback expiry while LISTEN is down), and returns it for
 * the catalogue's product answers.
 */
export async function registerStock(
  app: FastifyInstance,
  deps: { database: DatabaseHandle },
): Promise<StockView> {
  const view = createStockView({ db: deps.database.db, log: app.log });
  const unlisten = await deps.database.listen(STOCK_CHANGED_CHANNEL, () => view.invalidate(), {
    onLost: () => view.setListening(false),
    onRestored: () => view.setListening(true),
  });
  app.addHook('onClose', async () => {
    view.close();
    await unlisten();
  });
  return view;
}

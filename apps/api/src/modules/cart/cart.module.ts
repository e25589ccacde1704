import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { cartRoutes } from './cart.routes';
import { createCartService, type HeldByShopper } from './cart.service';

interface CartDeps {
  db: Database;
  /** Units the shopper's own open online order holds (the orders module reads them). */
  heldByShopper: HeldByShopper;
}

/** The server-kept cart (decision 050). Needs app.authenticate. */
export async function registerCart(app: FastifyInstance, deps: CartDeps): Promise<void> {
  await app.register(cartRoutes, {
    cart: createCartService({ db: deps.db, heldByShopper: deps.heldByShopper }),
  });
}

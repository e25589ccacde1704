import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { cartRoutes } from './cart.routes';
import { createCartService, type CartService, type HeldByShopper } from './cart.service';

interface CartDeps {
  db: Database;
  /** Units the shopper's own open online order holds (the orders module reads them). */
  heldByShopper: HeldByShopper;
}

/** The server-kept cart (decision 050); its service, for the wishlist's move to the cart. Needs app.authenticate. */
export async function registerCart(app: FastifyInstance, deps: CartDeps): Promise<CartService> {
  const cart = createCartService({ db: deps.db, heldByShopper: deps.heldByShopper });
  await app.register(cartRoutes, { cart });
  return cart;
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { cartRoutes } from './cart.routes';
import { createCartService } from './cart.service';

interface CartDeps {
  db: Database;
}

/** The server-kept cart (decision 050). Needs app.authenticate. */
export async function registerCart(app: FastifyInstance, deps: CartDeps): Promise<void> {
  await app.register(cartRoutes, { cart: createCartService({ db: deps.db }) });
}

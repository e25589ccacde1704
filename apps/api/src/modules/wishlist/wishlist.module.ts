import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CartService } from '../cart/cart.service';
import { wishlistRoutes } from './wishlist.routes';
import { createWishlistService } from './wishlist.service';

/** The shopper's wishlist (docs/decisions/129-address-book-and-wishlist.md). Needs app.authenticate. */
export async function registerWishlist(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; cart: CartService },
): Promise<void> {
  await app.register(wishlistRoutes, {
    wishlist: createWishlistService(deps),
    clock: deps.clock,
  });
}

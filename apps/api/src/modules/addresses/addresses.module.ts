import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addressRoutes } from './addresses.routes';

/** The shopper's address book (docs/decisions/129-address-book-and-wishlist.md). Needs app.authenticate. */
export async function registerAddresses(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock },
): Promise<void> {
  await app.register(addressRoutes, deps);
}

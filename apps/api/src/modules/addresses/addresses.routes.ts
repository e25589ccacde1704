import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADDRESS_BOOK_MESSAGES } from '@vastra/shared/schemas/address-book';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from './addresses.service';

/** The address book calls, each behind the session (docs/decisions/129). */
export async function addressRoutes(app: FastifyInstance, opts: { db: Database; clock: Clock }) {
  const { db, clock } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed: without a session the answer is 401 whatever was sent.
  const onRequest = app.authenticate;
  const book = async (userId: string) => ({
    success: true as const,
    addresses: await listAddresses(db, userId),
  });

  api.route({
    ...routeOf(endpoints.addresses.list),
    onRequest,
    handler: (request) => book(currentUser(request).id),
  });
  api.route({
    ...routeOf(endpoints.addresses.create),
    onRequest,
    handler: async (request) => {
      const userId = currentUser(request).id;
      const address = await createAddress(db, userId, request.body, clock.now());
      return { ...(await book(userId)), message: ADDRESS_BOOK_MESSAGES.saved, address };
    },
  });
  api.route({
    ...routeOf(endpoints.addresses.update),
    onRequest,
    handler: async (request) => {
      const userId = currentUser(request).id;
      const address = await updateAddress(db, userId, request.params.id, request.body, clock.now());
      return { ...(await book(userId)), message: ADDRESS_BOOK_MESSAGES.saved, address };
    },
  });
  api.route({
    ...routeOf(endpoints.addresses.remove),
    onRequest,
    handler: async (request) => {
      const userId = currentUser(request).id;
      await deleteAddress(db, userId, request.params.id);
      return book(userId);
    },
  });
  api.route({
    ...routeOf(endpoints.addresses.makeDefault),
    onRequest,
    handler: async (request) => {
      const userId = currentUser(request).id;
      await makeDefaultAddress(db, userId, request.params.id);
      return book(userId);
    },
  });
}

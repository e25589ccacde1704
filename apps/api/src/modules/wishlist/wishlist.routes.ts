import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { WISHLIST_MESSAGES } from '@vastra/shared/schemas/wishlist';
import type { Clock } from '../../lib/clock';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { WishlistService } from './wishlist.service';

/** The wishlist calls, each behind the session (docs/decisions/129). */
export async function wishlistRoutes(
  app: FastifyInstance,
  opts: { wishlist: WishlistService; clock: Clock },
) {
  const { wishlist, clock } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed: without a session the answer is 401 whatever was sent.
  const onRequest = app.authenticate;

  api.route({
    ...routeOf(endpoints.wishlist.list),
    onRequest,
    handler: async (request) => ({
      success: true as const,
      items: await wishlist.list(currentUser(request).id),
    }),
  });
  api.route({
    ...routeOf(endpoints.wishlist.add),
    onRequest,
    handler: async (request) => ({
      success: true as const,
      message: WISHLIST_MESSAGES.added,
      items: await wishlist.add(currentUser(request).id, request.body.productId, clock.now()),
    }),
  });
  api.route({
    ...routeOf(endpoints.wishlist.remove),
    onRequest,
    handler: async (request) => ({
      success: true as const,
      message: WISHLIST_MESSAGES.removed,
      items: await wishlist.remove(currentUser(request).id, [request.params.productId]),
    }),
  });
  api.route({
    ...routeOf(endpoints.wishlist.moveToCart),
    onRequest,
    handler: async (request) => ({
      success: true as const,
      message: WISHLIST_MESSAGES.moved,
      items: await wishlist.moveToCart(
        currentUser(request).id,
        request.params.productId,
        request.body.size,
      ),
    }),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { CART_MESSAGES } from '@vastra/shared/schemas/cart';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { unavailableNotice, type CartService } from './cart.service';

/** The cart calls of docs/product.md §7; every one needs the session token (401 without). */
export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }): Promise<void> {
  const { cart } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.cart.get),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    handler: async (request) => {
      const { cartData, removed, held } = await cart.get(currentUser(request).id);
      const own = Object.keys(held).length > 0 ? { held } : {};
      if (removed.length === 0) return { success: true as const, cartData, ...own };
      return {
        success: true as const,
        cartData,
        removed,
        message: unavailableNotice(removed),
        ...own,
      };
    },
  });

  api.route({
    ...routeOf(endpoints.cart.add),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    handler: async (request) => {
      const { itemId, size } = request.body;
      const quantity = await cart.add(currentUser(request).id, itemId, size);
      return { success: true as const, message: CART_MESSAGES.added, quantity };
    },
  });

  api.route({
    ...routeOf(endpoints.cart.update),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    handler: async (request) => {
      const { itemId, size, quantity } = request.body;
      const now = await cart.update(currentUser(request).id, itemId, size, quantity);
      return {
        success: true as const,
        message: now === 0 ? CART_MESSAGES.removed : CART_MESSAGES.updated,
        quantity: now,
      };
    },
  });

  api.route({
    ...routeOf(endpoints.cartEdits.resize),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    handler: async (request) => {
      const { itemId, from, to } = request.body;
      const moved = await cart.resize(currentUser(request).id, itemId, { from, to });
      return { success: true as const, ...moved };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CART_MESSAGES,
  cartAddRequestSchema,
  cartChangeResponseSchema,
  cartGetRequestSchema,
  cartGetResponseSchema,
  cartUpdateRequestSchema,
} from '@vastra/shared/schemas/cart';
import { errorResponseSchema } from '@vastra/shared/schemas/common';
import { currentUser } from '../../plugins/auth';
import { unavailableNotice, type CartService } from './cart.service';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The cart calls of docs/product.md §7; every one needs the session token (401 without). */
export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }): Promise<void> {
  const { cart } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/cart/get',
    {
      // Before the body is parsed: without a session the answer is 401 whatever was sent.
      onRequest: app.authenticate,
      schema: {
        body: cartGetRequestSchema,
        response: { 200: cartGetResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { cartData, removed } = await cart.get(currentUser(request).id);
      if (removed.length === 0) return { success: true as const, cartData };
      return { success: true as const, cartData, removed, message: unavailableNotice(removed) };
    },
  );

  api.post(
    '/api/cart/add',
    {
      // Before the body is parsed: without a session the answer is 401 whatever was sent.
      onRequest: app.authenticate,
      schema: {
        body: cartAddRequestSchema,
        response: { 200: cartChangeResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { itemId, size } = request.body;
      const quantity = await cart.add(currentUser(request).id, itemId, size);
      return { success: true as const, message: CART_MESSAGES.added, quantity };
    },
  );

  api.post(
    '/api/cart/update',
    {
      // Before the body is parsed: without a session the answer is 401 whatever was sent.
      onRequest: app.authenticate,
      schema: {
        body: cartUpdateRequestSchema,
        response: { 200: cartChangeResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { itemId, size, quantity } = request.body;
      const now = await cart.update(currentUser(request).id, itemId, size, quantity);
      return {
        success: true as const,
        message: now === 0 ? CART_MESSAGES.removed : CART_MESSAGES.updated,
        quantity: now,
      };
    },
  );
}

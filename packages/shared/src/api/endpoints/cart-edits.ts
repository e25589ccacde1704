import { cartResizeRequestSchema, cartResizeResponseSchema } from '../../schemas/cart';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { lateRoutes } from '../late-routes';

/**
 * The cart calls only the cart page makes (docs/decisions/144-cart-edits.md): a group of its own,
 * so their paths and schemas stay out of the shopper's first chunk (docs/decisions/131).
 */
export const cartEdits = endpointGroup({
  resize: {
    ...lateRoutes.cartEdits.resize,
    schema: {
      summary:
        'Move a line to another size, merging with a line of that size, as far as the line limit and the stock allow',
      tags: ['Cart'],
      security: SESSION,
      body: cartResizeRequestSchema,
      response: { 200: cartResizeResponseSchema, ...refusals(400, 401, 409) },
    },
  },
});

import {
  cartAddRequestSchema,
  cartChangeResponseSchema,
  cartGetRequestSchema,
  cartGetResponseSchema,
  cartUpdateRequestSchema,
} from '../../schemas/cart';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { routes } from '../routes';

const tags = ['Cart'] as const;
const refused = refusals(400, 401);

/** The server cart of docs/product.md §7 (decision 050); every call needs the session. */
export const cart = endpointGroup({
  get: {
    ...routes.cart.get,
    schema: {
      summary: 'The cart, with a notice for lines dropped because the product left the shop',
      tags,
      security: SESSION,
      body: cartGetRequestSchema,
      response: { 200: cartGetResponseSchema, ...refused },
    },
  },
  add: {
    ...routes.cart.add,
    schema: {
      summary: 'Add one of a product in a size',
      tags,
      security: SESSION,
      body: cartAddRequestSchema,
      response: { 200: cartChangeResponseSchema, ...refused },
    },
  },
  update: {
    ...routes.cart.update,
    schema: {
      summary: 'Set a line’s quantity (0 removes it)',
      tags,
      security: SESSION,
      body: cartUpdateRequestSchema,
      response: { 200: cartChangeResponseSchema, ...refused },
    },
  },
});

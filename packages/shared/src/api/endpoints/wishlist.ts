import {
  wishlistAddRequestSchema,
  wishlistChangeResponseSchema,
  wishlistMoveRequestSchema,
  wishlistProductParamsSchema,
  wishlistResponseSchema,
} from '../../schemas/wishlist';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Wishlist'] as const;
const security = SESSION;

/** The shopper's wishlist, kept on the server (docs/decisions/129-address-book-and-wishlist.md). */
export const wishlist = endpointGroup({
  list: {
    ...lateRoutes.wishlist.list,
    schema: {
      summary: 'The wishlist, newest first; a product the shop removed is listed with product null',
      tags,
      security,
      response: { 200: wishlistResponseSchema, ...refusals(401) },
    },
  },
  add: {
    ...lateRoutes.wishlist.add,
    schema: {
      summary: 'Add a product (adding it again changes nothing)',
      tags,
      security,
      body: wishlistAddRequestSchema,
      response: { 200: wishlistChangeResponseSchema, ...refusals(400, 401, 404, 409) },
    },
  },
  remove: {
    ...lateRoutes.wishlist.remove,
    schema: {
      summary: 'Remove a product (removing one that is not there changes nothing)',
      tags,
      security,
      params: wishlistProductParamsSchema,
      response: { 200: wishlistChangeResponseSchema, ...refusals(400, 401) },
    },
  },
  moveToCart: {
    ...lateRoutes.wishlist.moveToCart,
    schema: {
      summary: 'Add one of the product in a size to the cart and take it off the wishlist',
      description:
        'Refused as adding to the cart is (size, stock, cart limits); then it stays listed.',
      tags,
      security,
      params: wishlistProductParamsSchema,
      body: wishlistMoveRequestSchema,
      response: { 200: wishlistChangeResponseSchema, ...refusals(400, 401, 404, 409) },
    },
  },
});

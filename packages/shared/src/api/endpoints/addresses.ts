import {
  addressBookResponseSchema,
  savedAddressIdParamsSchema,
  savedAddressInputSchema,
  savedAddressResponseSchema,
} from '../../schemas/address-book';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Address book'] as const;
const security = SESSION;

/** The shopper's saved delivery addresses (docs/decisions/129-address-book-and-wishlist.md). */
export const addresses = endpointGroup({
  list: {
    ...lateRoutes.addresses.list,
    schema: {
      summary: 'The saved addresses, the default first',
      tags,
      security,
      response: { 200: addressBookResponseSchema, ...refusals(401) },
    },
  },
  create: {
    ...lateRoutes.addresses.create,
    schema: {
      summary: 'Save an address (at most 20; the first becomes the default)',
      description: 'A PIN code India Post does not know is refused (400).',
      tags,
      security,
      body: savedAddressInputSchema,
      response: { 200: savedAddressResponseSchema, ...refusals(400, 401, 409) },
    },
  },
  update: {
    ...lateRoutes.addresses.update,
    schema: {
      summary: 'Change a saved address',
      tags,
      security,
      params: savedAddressIdParamsSchema,
      body: savedAddressInputSchema,
      response: { 200: savedAddressResponseSchema, ...refusals(400, 401, 404) },
    },
  },
  remove: {
    ...lateRoutes.addresses.remove,
    schema: {
      summary: 'Delete a saved address (the oldest left becomes the default)',
      tags,
      security,
      params: savedAddressIdParamsSchema,
      response: { 200: addressBookResponseSchema, ...refusals(401, 404) },
    },
  },
  makeDefault: {
    ...lateRoutes.addresses.makeDefault,
    schema: {
      summary: 'Make a saved address the one checkout preselects (no body)',
      tags,
      security,
      params: savedAddressIdParamsSchema,
      response: { 200: addressBookResponseSchema, ...refusals(401, 404) },
    },
  },
});

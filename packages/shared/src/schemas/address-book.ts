import { z } from 'zod';
import { addressSchema } from './order';
import { text } from './common';

/**
 * The shopper's address book (docs/decisions/129-address-book-and-wishlist.md): checkout's
 * delivery address, checked by the same schema, with the shopper's own label.
 */

export const ADDRESS_BOOK_MAX = 20;

export const ADDRESS_BOOK_MESSAGES = {
  label: 'A label can be at most 30 characters',
  full: `You can keep up to ${ADDRESS_BOOK_MAX} addresses. Please delete one first.`,
  notFound: 'We could not find this address',
  saved: 'Address saved',
  deleted: 'Address deleted',
} as const;

export const savedAddressInputSchema = addressSchema.extend({
  label: text({ error: ADDRESS_BOOK_MESSAGES.label })
    .trim()
    .max(30, ADDRESS_BOOK_MESSAGES.label)
    .optional(),
  /** Make it the address checkout preselects (the first one saved always is). */
  makeDefault: z.boolean().optional(),
});
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;

export const savedAddressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressIdParamsSchema = z.object({
  id: z.uuid({ error: ADDRESS_BOOK_MESSAGES.notFound }),
});

/** The default first, then the newest. */
export const addressBookResponseSchema = z.object({
  success: z.literal(true),
  addresses: z.array(savedAddressSchema),
});

export const savedAddressResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  address: savedAddressSchema,
  addresses: z.array(savedAddressSchema),
});

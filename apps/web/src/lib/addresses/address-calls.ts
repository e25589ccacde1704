import type { SavedAddressInput } from '@vastra/shared/schemas/address-book';
import { api } from '@/lib/api-client';
import { addLateTableGroups } from '@/lib/late-table-groups';

// The address book is a late group (docs/decisions/131-late-routes.md): its routes and answer
// checks load with the chunks that import this file (checkout, profile).
addLateTableGroups();

/**
 * The address book's calls (docs/decisions/129-address-book-and-wishlist.md), one function each.
 */

/** Cache key of the saved addresses; under `account`, so it is dropped when the session changes. */
export const ADDRESSES_KEY = ['account', 'addresses'];

export function listAddresses(signal?: AbortSignal) {
  return api.call('addresses.list', { signal });
}

export function saveAddress(body: SavedAddressInput) {
  return api.call('addresses.create', { body });
}

export function updateAddress(id: string, body: SavedAddressInput) {
  return api.call('addresses.update', { params: { id }, body });
}

export function deleteAddress(id: string) {
  return api.call('addresses.remove', { params: { id } });
}

export function makeDefaultAddress(id: string) {
  return api.call('addresses.makeDefault', { params: { id } });
}

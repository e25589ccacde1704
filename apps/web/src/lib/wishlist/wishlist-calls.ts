import { api } from '../api-client';
import { addLateTableGroups } from '../late-table-groups';

// The wishlist is a late endpoint group (docs/decisions/131-late-routes.md): its paths and answer
// checks load with the chunk that calls it (the product page's, with /wishlist), not with the home page.
addLateTableGroups();

/**
 * The wishlist calls of docs/decisions/129-address-book-and-wishlist.md, one function each. Every
 * change answers the whole list as it now is, so a screen shows the server's list, never a guess.
 */

export function getWishlist(signal?: AbortSignal) {
  return api.call('wishlist.list', { signal });
}

/** Adding a product already listed changes nothing (the server's rule). */
export function addToWishlist(productId: string) {
  return api.call('wishlist.add', { body: { productId } });
}

export function removeFromWishlist(productId: string) {
  return api.call('wishlist.remove', { params: { productId } });
}

/**
 * One of the product in `size` into the cart, and off the wishlist; refused as the cart's own add
 * is (size, stock, cart limits), and then the entry stays listed.
 */
export function moveWishlistToCart(productId: string, size: string) {
  return api.call('wishlist.moveToCart', { params: { productId }, body: { size } });
}

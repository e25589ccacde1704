import type { WishlistEntry } from '@vastra/shared/schemas/wishlist';
import { ApiError, toastApiError } from '../api-client';
import { loadCart } from '../cart/cart';
import { invalidate, loadErrorMessage, setQueryData, useQuery, type QueryOptions } from '../query';
import { notify } from '../toast';
import {
  addToWishlist,
  getWishlist,
  moveWishlistToCart,
  removeFromWishlist,
} from './wishlist-calls';

/**
 * The shopper's wishlist, under 'account' so a logout or another account drops it (decision 106,
 * lib/account-session.ts).
 */
export const WISHLIST_KEY = ['account', 'wishlist'];

interface Wishlist {
  /** Newest first; null until the first load succeeds (a failed reload keeps the list). */
  items: WishlistEntry[] | null;
  /** Why the last load failed, or null. */
  error: string | null;
  /** The first load is under way. */
  loading: boolean;
  reload: () => void;
}

/**
 * GET /api/wishlist while a session is open; a 401 is the API client's business, not an error here.
 * `reloadOnMount: false` reads it once per session (the product page's heart: every change answers
 * the new list, so it stays right without a call per product opened).
 */
export function useWishlist(
  token: string | null,
  options: Pick<QueryOptions, 'reloadOnMount'> = {},
): Wishlist {
  const query = useQuery(WISHLIST_KEY, getWishlist, { ...options, enabled: token !== null });
  const { data, error } = query;
  const failed = error !== undefined && !(error instanceof ApiError && error.handled);
  return {
    items: data?.items ?? null,
    error: failed ? loadErrorMessage(error) : null,
    loading: data === undefined && !failed,
    reload: query.refresh,
  };
}

/**
 * Sends one change and puts the list it answers on every screen showing the wishlist, with the
 * server's message. A refusal shows the server's message and reads the list again (the product
 * may have gone, its stock changed): nothing is changed on screen that the server did not.
 */
async function change(send: () => ReturnType<typeof addToWishlist>): Promise<boolean> {
  try {
    const answer = await send();
    // A read of the list still under way may have started before this change: cancelled, so it
    // cannot put the older list back over this answer.
    invalidate(WISHLIST_KEY);
    setQueryData(WISHLIST_KEY, { success: true, items: answer.items });
    notify.success(answer.message);
    return true;
  } catch (error) {
    toastApiError(error);
    invalidate(WISHLIST_KEY);
    return false;
  }
}

export const saveProduct = (productId: string) => change(() => addToWishlist(productId));

export const unsaveProduct = (productId: string) => change(() => removeFromWishlist(productId));

/** The server adds to the cart itself, so the header's count is read again from it. */
export async function moveToCart(productId: string, size: string): Promise<boolean> {
  const moved = await change(() => moveWishlistToCart(productId, size));
  if (moved) void loadCart();
  return moved;
}

import { LIMITS } from '@vastra/shared/constants';
import { api, ApiError, toastApiError } from '../api-client';
import { addToLocalCart, beginCartChange, cartStore, endCartChange } from './cart';
import { CATALOGUE_KEY } from '../catalogue-keys';
import { invalidate } from '../query';
import { getToken } from '../session';

/**
 * Cart changes (docs/product.md §4): applied to the local map at once, then sent to the server, one at a
 * time in the order they were made (two quick clicks on + must reach the server as 2 then 3,
 * never 3 then 2). A refusal undoes the local change and shows the server's message
 * (docs/architecture.md §4.10). Not in cart.ts: the header's first chunk does not need it.
 */

let queue: Promise<unknown> = Promise.resolve();

/** Sends one server change after those before it (cart-size.ts's size changes queue here too). */
export function send<T>(call: () => Promise<T>): Promise<T> {
  beginCartChange();
  const result = queue.then(call);
  queue = result.catch(() => undefined).finally(endCartChange);
  return result;
}

/** A line's quantity in the local map (0: no line). */
export function lineQuantity(productId: string, size: string): number {
  return cartStore.get()[productId]?.[size] ?? 0;
}

export function setLocalLine(productId: string, size: string, quantity: number): void {
  cartStore.set((cart) => {
    const sizes = { ...cart[productId] };
    if (quantity > 0) sizes[size] = quantity;
    else delete sizes[size];
    const next = { ...cart };
    if (Object.keys(sizes).length > 0) next[productId] = sizes;
    else delete next[productId];
    return next;
  });
}

export type CartChangeResult = { ok: true } | { ok: false; error: unknown };

/**
 * A 409 is the server saying the size has fewer units left than asked for ("Only 2 left in size
 * M", docs/decisions/110): the catalogue on screen is out of date, so it is read again and the
 * page shows what is left (docs/decisions/111).
 */
export function rereadStockAfter(error: unknown): void {
  if (error instanceof ApiError && error.status === 409) invalidate(CATALOGUE_KEY);
}

/** One more of a line. The caller has checked the size and the session (docs/product.md §5). */
export async function addToCart(productId: string, size: string): Promise<CartChangeResult> {
  addToLocalCart(productId, size);
  if (!getToken()) return { ok: true };
  try {
    await send(() => api.call('cart.add', { body: { itemId: productId, size } }));
    return { ok: true };
  } catch (error) {
    // Undo just this one: other lines and later clicks stay as they are.
    setLocalLine(productId, size, lineQuantity(productId, size) - 1);
    toastApiError(error);
    rereadStockAfter(error);
    return { ok: false, error };
  }
}

/** Sets a line's quantity (0 removes it). Visitors' changes stay local (docs/product.md §7). */
export async function updateCartQuantity(
  productId: string,
  size: string,
  quantity: number,
): Promise<CartChangeResult> {
  const wanted = Math.max(0, Math.min(LIMITS.cartLineQuantityMax, Math.trunc(quantity)));
  const before = lineQuantity(productId, size);
  setLocalLine(productId, size, wanted);
  if (!getToken()) return { ok: true };
  try {
    await send(() =>
      api.call('cart.update', { body: { itemId: productId, size, quantity: wanted } }),
    );
    return { ok: true };
  } catch (error) {
    // Undo unless a later change has already replaced this one.
    if (lineQuantity(productId, size) === wanted) setLocalLine(productId, size, before);
    // An expired session has emptied the cart and said so already.
    if (!(error instanceof ApiError && error.handled)) toastApiError(error);
    rereadStockAfter(error);
    return { ok: false, error };
  }
}

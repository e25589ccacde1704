import type { Product } from '@vastra/shared/schemas/product';
import { ApiError } from './api-client';
import { cartStore, type CartMap } from './cart/cart';
import { getProductsByIds } from './catalogue-calls';
import { catalogueKeys } from './catalogue-keys';
import { useStore } from './create-store';
import { loadErrorMessage, useQuery } from './query';
import { notify } from './toast';

export type CartProductsState = (
  | { status: 'loading' | 'ready'; products: Product[]; error: null }
  | { status: 'error'; products: Product[]; error: string }
) & { retry: () => void };

const NO_PRODUCTS: Product[] = [];

/** The products the cart has a line of (a product whose sizes are all gone is none). */
export function cartProductIds(cart: CartMap): string[] {
  return Object.keys(cart).filter((id) => Object.keys(cart[id] ?? {}).length > 0);
}

/**
 * The products of the cart's lines, read afresh as the cart or checkout opens so each line shows
 * today's price and stock (docs/decisions/111, 146) — never the whole catalogue. While the cart
 * changes, the last answer stays on screen; an empty cart asks nothing.
 */
export function useCartProducts(): CartProductsState {
  const cart = useStore(cartStore);
  const ids = cartProductIds(cart);
  const query = useQuery(catalogueKeys.byIds(ids), (signal) => getProductsByIds(ids, signal), {
    enabled: ids.length > 0,
    keepPreviousData: true,
    // success: false and HTTP errors carry the server's message (docs/product.md §8).
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) notify.error(loadErrorMessage(error));
    },
  });
  const retry = query.refresh;
  if (ids.length === 0) return { status: 'ready', products: NO_PRODUCTS, error: null, retry };
  const products = query.data ?? NO_PRODUCTS;
  if (query.fetching || (query.data === undefined && query.error === undefined))
    return { status: 'loading', products, error: null, retry };
  if (query.error !== undefined)
    return { status: 'error', products, error: loadErrorMessage(query.error), retry };
  return { status: 'ready', products, error: null, retry };
}

import type { Product } from '@vastra/shared/schemas/product';
import { api, ApiError } from './api-client';
import { fetchProductList } from './catalog-calls';
import { fetchQuery, loadErrorMessage, useQuery, type QueryOptions } from './query';
import { notify } from './toast';

/** The catalogue's key; a single product and the best sellers live under it too (decision 106). */
export const CATALOGUE_KEY = ['catalogue'];

export type ProductsState =
  | { status: 'loading' | 'ready'; products: Product[]; error: null }
  | { status: 'error'; products: Product[]; error: string };

const NO_PRODUCTS: Product[] = [];
const loadCatalogue = (signal: AbortSignal) => fetchProductList(api, signal);

const catalogueOptions: QueryOptions = {
  // Loaded once per page load (docs/product.md §4); screens that need today's prices reload it.
  reloadOnMount: false,
  // success: false and HTTP errors carry the server's message; show it (docs/product.md §8).
  onError: (error) => {
    if (!(error instanceof ApiError && error.handled)) notify.error(loadErrorMessage(error));
  },
};

/** Loads the catalogue, or joins the load under way: at start-up, on a retry, at checkout. */
export function loadProducts(): Promise<void> {
  return fetchQuery(CATALOGUE_KEY, loadCatalogue, catalogueOptions).then(
    () => undefined,
    () => undefined, // Shown by onError and by the screens' error state.
  );
}

/** The catalogue for a screen; `reloadOnMount` reads it afresh as the screen opens (checkout). */
export function useProducts({ reloadOnMount = false } = {}): ProductsState {
  const { data, error, fetching } = useQuery(CATALOGUE_KEY, loadCatalogue, {
    ...catalogueOptions,
    reloadOnMount,
  });
  const products = data ?? NO_PRODUCTS;
  if (fetching || (data === undefined && error === undefined))
    return { status: 'loading', products, error: null };
  if (error !== undefined) return { status: 'error', products, error: loadErrorMessage(error) };
  return { status: 'ready', products, error: null };
}

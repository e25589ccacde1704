import type { Product } from '@vastra/shared/schemas/product';
import { api, ApiError, type ApiClient } from './api-client';
import { createStore, useStore } from './create-store';
import { fetchProductList } from './catalog-calls';
import { notify as defaultNotify, type Notifier } from './toast';

export type ProductsState =
  | { status: 'idle' | 'loading'; products: Product[]; error: null }
  | { status: 'ready'; products: Product[]; error: null }
  | { status: 'error'; products: Product[]; error: string };

const initial: ProductsState = { status: 'idle', products: [], error: null };

export const productsStore = createStore<ProductsState>(initial);

let inFlight: Promise<void> | null = null;

/** Loads the list once per page load; later calls reuse it. `force` retries after an error. */
export function loadProducts({
  force = false,
  client = api,
  notifier = defaultNotify,
}: { force?: boolean; client?: ApiClient; notifier?: Notifier } = {}): Promise<void> {
  const current = productsStore.get();
  if (!force && (inFlight || current.status === 'ready')) return inFlight ?? Promise.resolve();
  productsStore.set({ status: 'loading', products: current.products, error: null });
  inFlight = fetchProductList(client)
    .then((products) => productsStore.set({ status: 'ready', products, error: null }))
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : 'Could not load products';
      productsStore.set({ status: 'error', products: current.products, error: message });
      // success: false and HTTP errors carry the server's message; show it (docs/product.md §8).
      if (!(error instanceof ApiError && error.handled)) notifier.error(message);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function useProducts(): ProductsState {
  return useStore(productsStore);
}

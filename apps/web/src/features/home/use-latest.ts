import type { Product } from '@vastra/shared/schemas/product';
import { ApiError } from '@/lib/api-client';
import { getLatest } from '@/lib/catalogue-calls';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';

const NO_PRODUCTS: Product[] = [];

/**
 * The home page's newest products — the hero's two pictures and the latest row — and only those
 * (docs/decisions/146-screens-ask-for-what-they-show.md). Shown again from the cache when the
 * shopper comes back home, while they reload (decision 106).
 */
export function useLatest() {
  const { data, error } = useQuery(catalogueKeys.latest, (signal) => getLatest(signal), {
    // success: false and HTTP errors carry the server's message (docs/product.md §8).
    onError: (e) => {
      if (!(e instanceof ApiError && e.handled)) notify.error(loadErrorMessage(e));
    },
  });
  return {
    products: data ?? NO_PRODUCTS,
    loading: data === undefined && error === undefined,
    /** Nothing to show: the load failed for good. */
    error: data === undefined && error !== undefined ? loadErrorMessage(error) : null,
  };
}

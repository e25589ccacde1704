import type { Product } from '@vastra/shared/schemas/product';
import { ApiError } from '@/lib/api-client';
import { CATALOGUE_KEY, useProducts } from '@/lib/products-store';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { getProduct } from './api/get-product';

export type ProductLookup =
  | { status: 'loading'; product: null }
  | { status: 'ready'; product: Product }
  | { status: 'not-found'; product: null; message: string }
  | { status: 'error'; product: null; message: string };

/**
 * The product from the shared list when it is there; otherwise it is fetched on its own, so a
 * deep link shows the page without waiting for (or needing) the whole catalogue.
 */
export function useProduct(productId: string): ProductLookup & { retry: () => void } {
  const { products } = useProducts();
  const fromList = products.find((p) => p._id === productId);
  const fetched = useQuery(
    [...CATALOGUE_KEY, 'product', productId],
    (signal) => getProduct(productId, { signal }),
    { enabled: !fromList },
  );
  const retry = fetched.refresh;
  const product = fromList ?? fetched.data;
  if (product) return { status: 'ready', product, retry };
  const { error } = fetched;
  if (error === undefined || fetched.fetching) return { status: 'loading', product: null, retry };
  // 404 (unknown id) and 400 (malformed id) both mean "no such product" to a shopper.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return { status: 'not-found', product: null, message: error.message, retry };
  return { status: 'error', product: null, message: loadErrorMessage(error), retry };
}

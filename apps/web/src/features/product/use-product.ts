import { namesAProductId } from '@vastra/shared/links/product-url';
import type { Product } from '@vastra/shared/schemas/product';
import { ApiError } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { getProduct } from './api/get-product';

export type ProductLookup =
  | { status: 'loading'; product: null }
  | { status: 'ready'; product: Product }
  | { status: 'not-found'; product: null; message: string }
  | { status: 'error'; product: null; message: string };

/**
 * The product, fetched on its own (`GET /api/product/:id`, one primary-key read): the page never
 * waits for, or needs, the whole catalogue (docs/decisions/146-screens-ask-for-what-they-show.md).
 */
export function useProduct(productId: string): ProductLookup & { retry: () => void } {
  // Ids are UUIDs: an address without one names no product, and asking would only log a 400
  // in the browser's console (docs/decisions/144-cart-edits.md).
  const isId = namesAProductId(productId);
  const fetched = useQuery(
    catalogueKeys.product(productId),
    (signal) => getProduct(productId, { signal }),
    // Read once per page load, as the catalogue always was (docs/decisions/106); a change that
    // matters (an order, a cart refusal, an admin edit) invalidates it.
    { enabled: isId, reloadOnMount: false },
  );
  const retry = fetched.refresh;
  const product = fetched.data;
  if (product) return { status: 'ready', product, retry };
  if (!isId) return { status: 'not-found', product: null, message: 'Product not found', retry };
  const { error } = fetched;
  if (error === undefined || fetched.fetching) return { status: 'loading', product: null, retry };
  // 404 (unknown id) and 400 (malformed id) both mean "no such product" to a shopper.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return { status: 'not-found', product: null, message: error.message, retry };
  return { status: 'error', product: null, message: loadErrorMessage(error), retry };
}

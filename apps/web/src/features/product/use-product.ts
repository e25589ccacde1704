import { useEffect, useState } from 'react';
import type { Product } from '@vastra/shared/schemas/product';
import { ApiError } from '@/lib/api-client';
import { useProducts } from '@/lib/products-store';
import { getProduct } from './api/get-product';

export type ProductLookup =
  | { status: 'loading'; product: null }
  | { status: 'ready'; product: Product }
  | { status: 'not-found'; product: null; message: string }
  | { status: 'error'; product: null; message: string };

type FetchState =
  | { status: 'loading' }
  | { status: 'done'; product: Product }
  | { status: 'not-found' | 'error'; message: string };

/**
 * The product from the shared list when it is there; otherwise it is fetched on its own, so a
 * deep link shows the page without waiting for (or needing) the whole catalogue.
 */
export function useProduct(productId: string): ProductLookup & { retry: () => void } {
  const { products } = useProducts();
  const fromList = products.find((p) => p._id === productId);
  const [fetched, setFetched] = useState<FetchState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const needFetch = !fromList;

  useEffect(() => {
    if (!needFetch) return;
    const controller = new AbortController();
    getProduct(productId, { signal: controller.signal })
      .then((product) => setFetched({ status: 'done', product }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.kind === 'aborted') return;
        // 404 (unknown id) and 400 (malformed id) both mean "no such product" to a shopper.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setFetched({ status: 'not-found', message: error.message });
        } else {
          setFetched({
            status: 'error',
            message: error instanceof Error ? error.message : 'Could not load this product',
          });
        }
      });
    return () => controller.abort();
  }, [productId, needFetch, attempt]);

  const retry = () => {
    setFetched({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  if (fromList) return { status: 'ready', product: fromList, retry };
  if (fetched.status === 'done') return { status: 'ready', product: fetched.product, retry };
  if (fetched.status === 'loading') return { status: 'loading', product: null, retry };
  return { status: fetched.status, product: null, message: fetched.message, retry };
}

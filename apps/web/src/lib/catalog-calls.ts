import type { Product } from '@vastra/shared/schemas/product';
import type { ApiClient } from './api-client';

/**
 * `GET /api/product/list`, newest first. The API answers oldest first, so the list is reversed
 * once here (docs/product.md §4) and every screen reads the same order. In lib/, not in
 * features/catalog: the products store in lib/ calls it, and lib may not import a feature
 * (docs/architecture.md §7, habit 1).
 */
export async function fetchProductList(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Product[]> {
  const body = await client.call('catalog.list', { signal });
  return [...body.products].reverse();
}

import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { api, type ApiClient } from '@/lib/api-client';

/** `GET /api/product/bestsellers`: most units sold in paid orders, topped up (docs/decisions/146). */
export async function getBestsellers(
  client: ApiClient = api,
  signal?: AbortSignal,
): Promise<Product[]> {
  const body = await client.call('catalog.bestsellers', { signal });
  return body.products.slice(0, HOME_BESTSELLER_COUNT);
}

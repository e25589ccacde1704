import type { Product } from '@vastra/shared/schemas/product';
import { api, type ApiClient } from '@/lib/api-client';

/** `GET /api/product/:id`: one product for deep links that arrive before (or without) the list. */
export async function getProduct(
  id: string,
  { signal, client = api }: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<Product> {
  const body = await client.call('catalog.product', { params: { id }, signal });
  return body.product;
}

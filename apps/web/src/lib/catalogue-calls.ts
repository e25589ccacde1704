import type { Product } from '@vastra/shared/schemas/product';
import { api, type ApiClient } from './api-client';

/*
 * What the screens ask of the catalogue instead of the whole list
 * (docs/decisions/146-screens-ask-for-what-they-show.md). Every answer is the list's product
 * shape, checked by the first chunk's hand-written guard (lib/answer-guards.ts), so no zod loads.
 */

/** The server takes this many ids at a time: a cart's most lines (PRODUCT_IDS_MAX). */
const IDS_PER_CALL = 20;

/** `GET /api/product/latest`: the newest products, newest first. */
export async function getLatest(signal?: AbortSignal, client: ApiClient = api): Promise<Product[]> {
  return (await client.call('catalog.latest', { signal })).products;
}

/** `GET /api/product/:id/related`: same category, the same brand first (decision 142). */
export async function getRelated(
  id: string,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<Product[]> {
  return (await client.call('catalog.related', { params: { id }, signal })).products;
}

/** `GET /api/product/by-ids`: the live products of `ids` (deleted ones are left out). */
export async function getProductsByIds(
  ids: readonly string[],
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<Product[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) batches.push(ids.slice(i, i + IDS_PER_CALL));
  const answers = await Promise.all(
    batches.map((batch) =>
      client.call('catalog.byIds', { query: { ids: batch.join(',') }, signal }),
    ),
  );
  return answers.flatMap((a) => a.products);
}

import { useEffect, useState } from 'react';
import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { api, type ApiClient } from '@/lib/api-client';

/** `GET /api/product/bestsellers`: most units sold in paid orders, topped up with the newest. */
export async function getBestsellers(
  client: ApiClient = api,
  signal?: AbortSignal,
): Promise<Product[]> {
  const body = await client.call('catalog.bestsellers', { signal });
  return body.products.slice(0, HOME_BESTSELLER_COUNT);
}

export type BestsellersState =
  { status: 'loading' | 'fallback'; products: null } | { status: 'ready'; products: Product[] };

/**
 * Loads the best sellers once per visit of the home page. If the call fails, the section falls
 * back to the newest products (what the rule gives before anything has sold: decision 031)
 * rather than showing an empty shelf.
 */
export function useBestsellers(client: ApiClient = api): BestsellersState {
  const [state, setState] = useState<BestsellersState>({ status: 'loading', products: null });
  useEffect(() => {
    const controller = new AbortController();
    getBestsellers(client, controller.signal).then(
      (products) => setState({ status: 'ready', products }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'fallback', products: null });
      },
    );
    return () => controller.abort();
  }, [client]);
  return state;
}

import type { Product } from '@vastra/shared/schemas/product';
import { getRelated } from '@/lib/catalogue-calls';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { useQuery } from '@/lib/query';

const NONE: Product[] = [];

/**
 * The related row, chosen by the server (same category, the same brand first:
 * docs/decisions/142-related-products-fill.md, 146). Nothing while it loads or if it fails: the
 * row is extra, and the page is whole without it. Read once per page load, like the product.
 */
export function useRelated(productId: string): Product[] {
  const { data } = useQuery(
    catalogueKeys.related(productId),
    (signal) => getRelated(productId, signal),
    { reloadOnMount: false },
  );
  return data ?? NONE;
}

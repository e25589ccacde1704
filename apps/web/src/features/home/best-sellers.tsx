import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { SectionTitle } from '@/components/ui/section-title';
import { api } from '@/lib/api-client';
import { useQuery } from '@/lib/query';
import { getBestsellers } from './api/get-bestsellers';

/**
 * Best sellers (docs/architecture.md §4.7) from the API; if that call fails, the newest products, which is
 * what the rule gives before anything has sold (decision 031). Shown again from the cache when the
 * shopper comes back home, while they reload (decision 106).
 */
export function BestSellers({ newest }: { newest: readonly Product[] }) {
  const bestsellers = useQuery(['catalogue', 'bestsellers'], (signal) =>
    getBestsellers(api, signal),
  );
  const loading = bestsellers.data === undefined && bestsellers.error === undefined;
  const products = bestsellers.data ?? (loading ? [] : newest.slice(0, HOME_BESTSELLER_COUNT));
  return (
    <section aria-labelledby="bestsellers-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="bestsellers-title" light="Best" bold="Sellers">
        The styles shoppers keep coming back for.
      </SectionTitle>
      {products.length === 0 && loading ? (
        <ProductGridSkeleton count={HOME_BESTSELLER_COUNT} wide label="Loading best sellers" />
      ) : (
        <ProductGrid products={products} label="Best sellers" wide />
      )}
    </section>
  );
}

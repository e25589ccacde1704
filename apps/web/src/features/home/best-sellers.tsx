import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { SectionTitle } from '@/components/ui/section-title';
import { useBestsellers } from './api/get-bestsellers';

/**
 * Best sellers (docs/architecture.md §4.7) from the API; if that call fails, the newest products, which is
 * what the rule gives before anything has sold (decision 031).
 */
export function BestSellers({ newest }: { newest: readonly Product[] }) {
  const state = useBestsellers();
  const products =
    state.status === 'ready'
      ? state.products
      : state.status === 'fallback'
        ? newest.slice(0, HOME_BESTSELLER_COUNT)
        : [];
  return (
    <section aria-labelledby="bestsellers-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="bestsellers-title" light="Best" bold="Sellers">
        The styles shoppers keep coming back for.
      </SectionTitle>
      {products.length === 0 && state.status === 'loading' ? (
        <ProductGridSkeleton count={HOME_BESTSELLER_COUNT} wide label="Loading best sellers" />
      ) : (
        <ProductGrid products={products} label="Best sellers" wide />
      )}
    </section>
  );
}

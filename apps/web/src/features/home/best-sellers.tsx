import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import { CatalogueLoadError } from '@/components/ui/catalogue-load-error';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { SectionTitle } from '@/components/ui/section-title';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { getBestsellers } from './api/get-bestsellers';

/**
 * Best sellers (docs/architecture.md §4.7) from the API, which tops the row up without repeating
 * the latest row (docs/decisions/146). Shown again from the cache when the shopper comes back
 * home, while they reload (decision 106); a failed load says so, with a retry.
 */
export function BestSellers() {
  const bestsellers = useQuery(catalogueKeys.bestsellers, (signal) => getBestsellers(api, signal));
  const products = bestsellers.data;
  return (
    <section aria-labelledby="bestsellers-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="bestsellers-title" light="Best" bold="Sellers">
        The styles shoppers keep coming back for.
      </SectionTitle>
      {products ? (
        <ProductGrid products={products} label="Best sellers" wide />
      ) : bestsellers.error !== undefined ? (
        <CatalogueLoadError error={loadErrorMessage(bestsellers.error)} />
      ) : (
        <ProductGridSkeleton count={HOME_BESTSELLER_COUNT} wide label="Loading best sellers" />
      )}
    </section>
  );
}

import { HOME_LATEST_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { SectionTitle } from '@/components/ui/section-title';

/** The 14 newest products (docs/architecture.md §4.7), as GET /api/product/latest answers them. */
export function LatestCollection({
  products,
  loading,
}: {
  products: readonly Product[];
  loading: boolean;
}) {
  const latest = products.slice(0, HOME_LATEST_COUNT);
  return (
    <section aria-labelledby="latest-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="latest-title" light="Latest" bold="Collections">
        Fresh arrivals from the brands you love — new styles every week.
      </SectionTitle>
      {loading && latest.length === 0 ? (
        <ProductGridSkeleton count={HOME_LATEST_COUNT} wide label="Loading latest collections" />
      ) : (
        <ProductGrid products={latest} label="Latest collections" wide />
      )}
    </section>
  );
}

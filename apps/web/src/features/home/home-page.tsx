import { SHOP_NAME } from '@vastra/shared/constants';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadProducts, useProducts } from '@/lib/products-store';
import { Hero } from './hero';
import { LatestCollection } from './latest-collection';

export function HomePage() {
  const { status, products, error } = useProducts();
  useDocumentMeta(
    `${SHOP_NAME} — Shirts, T-shirts and Pants Online in India`,
    'Original shirts, T-shirts and pants from the brands India loves, with cash on delivery and easy returns.',
  );
  return (
    <>
      <Hero products={products} />
      {status === 'error' && products.length === 0 ? (
        <div role="alert" className="container-shop mt-16 text-center">
          <p className="text-muted">We could not load the collection. {error}</p>
          <button
            type="button"
            onClick={() => void loadProducts({ force: true })}
            className="mt-4 border border-ink px-6 py-2.5 text-sm tracking-[0.14em] hover:bg-ink hover:text-paper"
          >
            TRY AGAIN
          </button>
        </div>
      ) : (
        <LatestCollection products={products} loading={status !== 'ready'} />
      )}
    </>
  );
}

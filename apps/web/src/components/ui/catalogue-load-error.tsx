import { loadProducts } from '@/lib/products-store';
import { LoadError } from './load-error';

/** What the pages that list products show when the catalogue could not be loaded: why, and a retry. */
export function CatalogueLoadError({
  error,
  className = '',
}: {
  error: string | null;
  className?: string;
}) {
  return (
    <LoadError
      message={`We could not load the collection. ${error ?? ''}`}
      onRetry={() => void loadProducts()}
      tight
      className={className}
    />
  );
}

import { loadProducts } from '@/lib/products-store';

/** What the pages that list products show when the catalogue could not be loaded: why, and a retry. */
export function CatalogueLoadError({
  error,
  className = '',
}: {
  error: string | null;
  className?: string;
}) {
  return (
    <div role="alert" className={`text-center ${className}`}>
      <p className="text-muted">We could not load the collection. {error}</p>
      <button
        type="button"
        onClick={() => void loadProducts({ force: true })}
        className="mt-4 border border-ink px-6 py-2.5 text-sm tracking-[0.14em] hover:bg-ink hover:text-paper"
      >
        TRY AGAIN
      </button>
    </div>
  );
}

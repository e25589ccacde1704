import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_OPTIONS, type SortOption } from '@vastra/shared/constants';
import { CatalogueLoadError } from '@/components/ui/catalogue-load-error';
import { ChevronIcon, FilterIcon } from '@/components/ui/page-icons';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { useDocumentMeta } from '@/lib/document-meta';
import { useProducts } from '@/lib/products-store';
import { useSearch } from '@/lib/search-store';
import { FilterPanel } from './filter-panel';
import {
  DEFAULT_FILTERS,
  filterProducts,
  filtersFromParams,
  filtersToParams,
  type CollectionFilters,
} from './filter-products';
import { SearchBar } from './search-bar';
import { Button } from '@/components/ui/button';

const EMPTY_MESSAGE = 'No products match your filters.';

function activeCount(f: CollectionFilters): number {
  return f.categories.length + f.brands.length + (f.maxPrice === DEFAULT_FILTERS.maxPrice ? 0 : 1);
}

export function CollectionPage() {
  useDocumentMeta(
    'All collections',
    'Browse shirts, T-shirts and pants from U.S. Polo Assn., Rare Rabbit, Allen Solly, Snitch, Tommy Hilfiger and Spykar. Filter by brand, category and price.',
  );
  const { status, products, error } = useProducts();
  const search = useSearch();
  const deferredText = useDeferredValue(search.text);
  // The filters live in React state and are mirrored into the address with history.replaceState.
  // Routing every change through the router instead runs it as a transition, and a fast run of
  // arrow keys on the price slider then loses steps as the controlled input re-renders stale.
  const [params] = useSearchParams();
  const paramsKey = params.toString();
  const [filters, setFilterState] = useState(() => filtersFromParams(params));
  const [followedKey, setFollowedKey] = useState(paramsKey);
  if (paramsKey !== followedKey) {
    // The address changed from outside (a link to /collection?category=…, back or forward).
    setFollowedKey(paramsKey);
    setFilterState(filtersFromParams(params));
  }
  const [panelOpen, setPanelOpen] = useState(false);

  const shown = useMemo(
    () => filterProducts(products, filters, { text: deferredText, visible: search.visible }),
    [products, filters, deferredText, search.visible],
  );

  const setFilters = (next: CollectionFilters) => {
    setFilterState(next);
    const query = filtersToParams(next).toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}`,
    );
  };
  const active = activeCount(filters);
  const loading = status !== 'ready' && products.length === 0 && status !== 'error';

  return (
    <>
      <SearchBar />
      <div className="container-shop pt-8 sm:pt-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4 sm:mb-8">
          <div>
            <h1
              id="collection-title"
              className="font-serif text-2xl tracking-[0.14em] uppercase sm:text-3xl"
            >
              <span className="text-muted">All</span> Collections
            </h1>
            <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="product-count">
              {loading
                ? 'Loading products…'
                : `${shown.length} ${shown.length === 1 ? 'product' : 'products'}`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor="sort" className="text-sm text-muted">
              Sort by
            </label>
            <select
              id="sort"
              value={filters.sort}
              onChange={(e) => setFilters({ ...filters, sort: e.target.value as SortOption })}
              className="cursor-pointer border border-line bg-paper py-2 pr-2 pl-3 text-sm focus-visible:border-ink"
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="flex flex-col gap-6 sm:flex-row sm:gap-10">
          <aside className="sm:w-52 sm:shrink-0 lg:w-60" aria-label="Filters">
            <button
              type="button"
              className="flex w-full items-center justify-between border border-line bg-paper px-4 py-3 text-sm font-semibold tracking-[0.18em] sm:hidden"
              aria-expanded={panelOpen}
              aria-controls="filter-panel"
              onClick={() => setPanelOpen((o) => !o)}
            >
              <span className="inline-flex items-center gap-2">
                <FilterIcon size={18} />
                FILTERS
                {active > 0 && (
                  <span className="rounded-full bg-ink px-2 py-0.5 text-[10px] tracking-normal text-paper">
                    {active}
                  </span>
                )}
              </span>
              <ChevronIcon
                size={18}
                className={`transition-transform ${panelOpen ? 'rotate-180' : ''}`}
              />
            </button>
            <p className="hidden text-sm font-semibold tracking-[0.18em] sm:block">FILTERS</p>
            <div
              id="filter-panel"
              className={`${panelOpen ? 'block' : 'hidden'} border-x border-b border-line px-4 sm:block sm:border-0 sm:px-0`}
            >
              <FilterPanel filters={filters} onChange={setFilters} />
              {active > 0 && (
                <button
                  type="button"
                  onClick={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}
                  className="mb-5 text-sm text-muted underline underline-offset-4 hover:text-ink"
                >
                  Clear all filters
                </button>
              )}
            </div>
          </aside>

          <section className="min-w-0 flex-1" aria-labelledby="collection-title">
            {loading ? (
              <ProductGridSkeleton count={8} />
            ) : status === 'error' && products.length === 0 ? (
              <CatalogueLoadError error={error} className="py-16" />
            ) : shown.length === 0 ? (
              <div className="py-16 text-center">
                <p className="font-serif text-xl">{EMPTY_MESSAGE}</p>
                <p className="mt-2 text-sm text-muted">
                  Try fewer filters, a higher price or a different search.
                </p>
                {active > 0 && (
                  <Button
                    variant="secondary"
                    size="md"
                    onClick={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}
                    className="mt-6"
                  >
                    CLEAR FILTERS
                  </Button>
                )}
              </div>
            ) : (
              <ProductGrid products={shown} label="Products" eagerCount={4} />
            )}
          </section>
        </div>
      </div>
    </>
  );
}

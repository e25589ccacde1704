import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CATALOGUE_SORTS, type CatalogueSort } from '@vastra/shared/catalogue-sorts';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { ChevronIcon, FilterIcon } from '@/components/ui/page-icons';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { ProductGrid, ProductGridSkeleton } from '@/components/ui/product-grid';
import { useDocumentMeta } from '@/lib/document-meta';
import { AppliedFilters } from './applied-filters';
import {
  activeFilterCount,
  searchOf,
  stateFromParams,
  withoutFilters,
  type CollectionFilters,
  type CollectionState,
} from './collection-url';
import { FilterPanel } from './filter-panel';
import { FilterSheet } from './filter-sheet';
import { LoadMore } from './load-more';
import { SearchBar } from './search-bar';
import { SearchHeading } from './search-heading';
import { useCataloguePages } from './use-catalogue-pages';

/** Slider steps this close together are one gesture: one history entry, not one per step. */
const SLIDER_GESTURE_MS = 1000;

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/**
 * The collection: its state in the address, its products from the server's catalogue query, a
 * page at a time (docs/decisions/145-collection-on-the-query.md).
 */
export function CollectionPage() {
  useDocumentMeta(
    'All collections',
    'Browse shirts, T-shirts and pants from U.S. Polo Assn., Rare Rabbit, Allen Solly, Snitch, Tommy Hilfiger and Spykar. Filter by brand, category and price.',
  );
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paramsKey = params.toString();
  // The page shows its own state at once and writes it to the address; the router's answer comes
  // after (a transition). Addresses it wrote and is still waiting for are not read back, so a run
  // of slider steps is not set back to an earlier one; any other address (Back, a link) is.
  const [state, setState] = useState(() => stateFromParams(params));
  const [followedKey, setFollowedKey] = useState(paramsKey);
  const [pending, setPending] = useState<readonly string[]>([]);
  if (paramsKey !== followedKey) {
    setFollowedKey(paramsKey);
    const ours = pending.indexOf(paramsKey);
    setPending(ours >= 0 ? pending.slice(ours + 1) : []);
    if (ours < 0) setState(stateFromParams(params));
  }

  const write = useCallback(
    (next: CollectionState, mode: 'push' | 'replace') => {
      setState(next);
      const search = searchOf(next);
      setPending((p) => [...p, search.slice(1)]);
      void navigate({ search }, { replace: mode === 'replace' });
    },
    [navigate],
  );
  // A click on a filter, a sort or a chip is a step Back returns from; a filter change starts
  // again from the first page.
  const apply = (next: CollectionState) => write({ ...next, cursor: '' }, 'push');
  const setFilters = (f: CollectionFilters) => apply({ ...state, ...f });
  const lastSlide = useRef(0);
  const setPrice = (f: CollectionFilters) => {
    const now = Date.now();
    const gesture = now - lastSlide.current < SLIDER_GESTURE_MS;
    lastSlide.current = now;
    write({ ...state, ...f, cursor: '' }, gesture ? 'replace' : 'push');
  };
  // Typing replaces the entry (no entry per pause); the bar's own clear and close too.
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const setSearch = useCallback(
    (q: string) => write({ ...stateRef.current, q, cursor: '' }, 'replace'),
    [write],
  );
  const clearAll = () => apply({ ...withoutFilters(state), q: '' });

  const pages = useCataloguePages(state);
  const { answer, items } = pages;
  const [panelOpen, setPanelOpen] = useState(false);
  const active = activeFilterCount(state);

  // "Load more" leaves focus on the first card it added, so keyboard users go on from there.
  const grid = useRef<HTMLElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLElement>('[data-testid="product-card"]')[from]?.focus();
  }, [items.length]);
  const loadMore = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    focusFrom.current = items.length;
    void pages.loadMore();
  };

  const total = answer?.total ?? 0;
  return (
    <>
      <SearchBar
        q={state.q}
        onSearch={setSearch}
        onClose={() => write({ ...state, q: '', cursor: '' }, 'replace')}
      />
      <div className="container-shop pt-8 sm:pt-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4 sm:mb-8">
          <div className="min-w-0">
            {state.q ? (
              <SearchHeading
                q={state.q}
                searchedFor={answer?.searchedFor}
                onClear={() => apply({ ...state, q: '' })}
              />
            ) : (
              <h1
                id="collection-title"
                className="font-serif text-2xl tracking-[0.14em] uppercase sm:text-3xl"
              >
                <span className="text-muted">All</span> Collections
              </h1>
            )}
            <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="product-count">
              {pages.loading ? 'Loading products…' : plural(total)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor="sort" className="text-sm text-muted">
              Sort by
            </label>
            <select
              id="sort"
              value={state.sort}
              onChange={(e) => apply({ ...state, sort: e.target.value as CatalogueSort })}
              className="cursor-pointer border border-field bg-paper py-2 pr-2 pl-3 text-sm focus-visible:border-ink"
            >
              {CATALOGUE_SORTS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="flex flex-col gap-6 sm:flex-row sm:gap-10">
          <aside className="sm:w-52 sm:shrink-0 lg:w-60" aria-label="Filters">
            {/* On a phone the filters open as a sheet (docs/decisions/138-phone-ergonomics.md). */}
            <button
              type="button"
              className="flex w-full items-center justify-between border border-line bg-paper px-4 py-3 text-sm font-semibold tracking-[0.18em] sm:hidden"
              aria-haspopup="dialog"
              aria-expanded={panelOpen}
              onClick={() => setPanelOpen(true)}
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
              <ChevronIcon size={18} className="-rotate-90" />
            </button>
            {panelOpen && (
              <FilterSheet
                state={state}
                onApply={(draft) => {
                  apply(draft);
                  setPanelOpen(false);
                }}
                onClose={() => setPanelOpen(false)}
              />
            )}
            <p className="hidden text-sm font-semibold tracking-[0.18em] sm:block">FILTERS</p>
            <div className="hidden sm:block">
              <FilterPanel
                filters={state}
                facets={answer?.facets}
                onChange={setFilters}
                onPriceChange={setPrice}
              />
            </div>
          </aside>

          <section
            ref={grid}
            className="min-w-0 flex-1"
            aria-labelledby="collection-title"
            aria-busy={pages.updating || pages.loading}
          >
            {/* The cards' names are h3: this keeps the headings in order under the page's h1. */}
            <h2 className="sr-only">Products</h2>
            <AppliedFilters
              filters={state}
              onChange={setFilters}
              onClear={() => apply(withoutFilters(state))}
            />
            {state.cursor && (
              <p className="mb-5 text-sm text-muted">
                A later page of the collection.{' '}
                <a
                  href={`/collection${searchOf({ ...state, cursor: '' })}`}
                  onClick={(e) => {
                    e.preventDefault();
                    apply(state);
                  }}
                  className="text-ink underline underline-offset-4"
                >
                  Start from the first page
                </a>
              </p>
            )}
            {pages.loading ? (
              <ProductGridSkeleton count={8} />
            ) : pages.error ? (
              <LoadError
                message={`We could not load the collection. ${pages.error}`}
                onRetry={pages.retry}
                tight
                className="py-16"
              />
            ) : items.length === 0 ? (
              <div className="py-16 text-center">
                <p className="font-serif text-xl">
                  {state.q
                    ? `No products match ‘${state.q}’${active > 0 ? ' with these filters' : ''}.`
                    : 'No products match your filters.'}
                </p>
                <p className="mt-2 text-sm text-muted">
                  Try fewer filters, a higher price or a different search.
                </p>
                {(active > 0 || state.q !== '') && (
                  <Button variant="secondary" size="md" onClick={clearAll} className="mt-6">
                    CLEAR FILTERS
                  </Button>
                )}
              </div>
            ) : (
              <div className={pages.updating ? 'opacity-60 transition-opacity' : undefined}>
                <ProductGrid
                  products={items}
                  label="Products"
                  sizes={PICTURE_SIZES.collection}
                  eagerCount={4}
                />
                {(!state.cursor || pages.nextCursor) && (
                  <LoadMore
                    shown={items.length}
                    // A page opened at a cursor does not know how many came before it.
                    total={state.cursor ? null : total}
                    href={
                      pages.nextCursor
                        ? `/collection${searchOf({ ...state, cursor: pages.nextCursor })}`
                        : null
                    }
                    loading={pages.loadingMore}
                    error={pages.moreError}
                    onClick={loadMore}
                  />
                )}
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

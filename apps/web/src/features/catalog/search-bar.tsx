import { useEffect, useRef } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import { CloseIcon } from '@/components/ui/page-icons';
import { closeSearch, setSearchText, useSearch } from '@/lib/search-store';

/** Shown on /collection only, and only while the header's search icon has opened it (docs/product.md §2). */
export function SearchBar() {
  const { text, visible } = useSearch();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (visible) input.current?.focus();
  }, [visible]);

  if (!visible) return null;
  return (
    <div role="search" className="border-b border-line bg-[#f3eee6]">
      <div className="container-shop flex items-center justify-center gap-3 py-4">
        <div className="flex w-full max-w-xl items-center rounded-full border border-ink/25 bg-paper px-4 focus-within:border-ink">
          <SearchIcon size={18} className="shrink-0 text-muted" />
          <label htmlFor="collection-search" className="sr-only">
            Search products by name
          </label>
          <input
            ref={input}
            id="collection-search"
            type="search"
            value={text}
            onChange={(e) => setSearchText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') closeSearch();
            }}
            placeholder="Search shirts, tees, pants…"
            autoComplete="off"
            className="w-full bg-transparent px-3 py-2.5 text-sm outline-none placeholder:text-muted/80 focus-visible:outline-none"
          />
        </div>
        <button
          type="button"
          onClick={closeSearch}
          aria-label="Close search"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-line/70"
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </div>
  );
}

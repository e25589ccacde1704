import { useEffect, useRef } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import { CloseIcon } from '@/components/ui/page-icons';
import { closeSearch, searchStore, setSearchText, useSearch } from '@/lib/search-store';

/** Typing settles this long before the search is asked of the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Shown on /collection only: while the header's search icon has opened it, or while the address
 * holds a search (docs/product.md §2). The text is a draft in the search store; it reaches the
 * address (`?q=`) once typing pauses, which the page applies
 * (docs/decisions/145-collection-on-the-query.md). Closing the bar ends the search, keeping the
 * text for the next opening.
 */
export function SearchBar({
  q,
  onSearch,
  onClose,
}: {
  /** The search the address holds. */
  q: string;
  onSearch: (text: string) => void;
  onClose: () => void;
}) {
  const { text, visible } = useSearch();
  const input = useRef<HTMLInputElement>(null);
  const shown = visible || q !== '';
  // The last search this bar wrote: a different `q` came from elsewhere (Back, a link, the
  // page's clear button) and replaces the draft.
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (visible) input.current?.focus();
  }, [visible]);

  useEffect(() => {
    if (q === written.current || (written.current === null && q === '')) return;
    written.current = q;
    if (searchText() !== q) setSearchText(q);
  }, [q]);

  const wanted = text.trim();
  useEffect(() => {
    if (!shown || wanted === q) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      onSearch(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [shown, wanted, q, onSearch]);

  if (!shown) return null;
  const close = () => {
    written.current = '';
    closeSearch();
    onClose();
  };
  return (
    <div role="search" className="border-b border-line bg-[#f3eee6]">
      <form
        className="container-shop flex items-center justify-center gap-3 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          written.current = wanted;
          if (wanted !== q) onSearch(wanted);
        }}
      >
        <div className="flex w-full max-w-xl items-center rounded-full border border-field bg-paper px-4 focus-within:border-ink focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent">
          <SearchIcon size={18} className="shrink-0 text-muted" />
          <label htmlFor="collection-search" className="sr-only">
            Search products by name
          </label>
          <input
            ref={input}
            id="collection-search"
            type="search"
            name="q"
            value={text}
            maxLength={100}
            onChange={(e) => setSearchText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') close();
            }}
            placeholder="Search shirts, tees, pants…"
            autoComplete="off"
            className="w-full bg-transparent px-3 py-2.5 text-sm outline-none placeholder:text-muted/80 focus-visible:outline-none"
          />
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Close search"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-line/70"
        >
          <CloseIcon size={20} />
        </button>
      </form>
    </div>
  );
}

const searchText = () => searchStore.get().text.trim();

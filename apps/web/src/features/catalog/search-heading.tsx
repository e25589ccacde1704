import { CloseIcon } from '@/components/ui/page-icons';

/**
 * The shopper's words as the server compares them, near enough to tell a spelling correction
 * ("chnio" → "chino") from the normal form the server also applies ("T-Shirts" → "tshirt",
 * docs/decisions/139-catalogue-query.md): case, joined punctuation and a plural s aside.
 */
const comparable = (words: string) =>
  words
    .toLowerCase()
    .replace(/['’.-]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length >= 4 ? w.replace(/s$/, '') : w))
    .join('');

/** The collection's h1 while a search applies: "Results for 'polo'", and a way to clear it. */
export function SearchHeading({
  q,
  searchedFor,
  onClear,
}: {
  q: string;
  /** The words the server searched for, after its spelling correction. */
  searchedFor: readonly string[] | undefined;
  onClear: () => void;
}) {
  const corrected =
    searchedFor && searchedFor.length > 0 && comparable(searchedFor.join(' ')) !== comparable(q)
      ? searchedFor.join(' ')
      : null;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1
          id="collection-title"
          className="font-serif text-2xl break-words sm:text-3xl"
          data-testid="search-heading"
        >
          Results for ‘{q}’
        </h1>
        <button
          type="button"
          onClick={onClear}
          className="inline-flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm text-muted hover:border-ink hover:text-ink"
        >
          <CloseIcon size={14} />
          Clear search
        </button>
      </div>
      {corrected && (
        <p className="mt-1 text-sm text-ink" data-testid="searched-for">
          Showing results for ‘{corrected}’
        </p>
      )}
    </div>
  );
}

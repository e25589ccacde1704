import type { MouseEvent } from 'react';

/**
 * "Showing 48 of 120" and the next page: a real link (`?cursor=…`), so a crawler or a browser
 * without JavaScript reaches every product, which the page handles in place by appending the
 * next page (docs/decisions/145-collection-on-the-query.md).
 */
export function LoadMore({
  shown,
  total,
  href,
  loading,
  error,
  onClick,
}: {
  shown: number;
  /** Null on a page opened at a cursor, which cannot tell. */
  total: number | null;
  /** Null on the last page. */
  href: string | null;
  loading: boolean;
  error: string | null;
  onClick: (e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <div className="mt-10 flex flex-col items-center gap-3 text-center">
      {total !== null && (
        <p className="text-sm text-muted" aria-live="polite" data-testid="shown-count">
          Showing {shown} of {total}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-sale">
          We could not load more products. {error}
        </p>
      )}
      {href && (
        <a
          href={href}
          onClick={onClick}
          aria-disabled={loading || undefined}
          className="inline-flex min-w-48 items-center justify-center border border-ink px-6 py-3 text-sm font-medium tracking-[0.14em] text-ink transition-colors hover:bg-ink hover:text-paper aria-disabled:opacity-60"
        >
          {loading ? 'LOADING…' : error ? 'TRY AGAIN' : 'LOAD MORE'}
        </a>
      )}
    </div>
  );
}

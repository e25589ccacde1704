import { useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogueAnswer, CatalogueItem } from '@vastra/shared/schemas/catalogue-query';
import { api } from '@/lib/api-client';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { apiQueryOf, type CollectionState } from './collection-url';

/** Every answer of GET /api/products in the query cache sits under this key. */
export const CATALOGUE_QUERY_KEY = 'catalogue-query';

const fetchPage = (query: ReturnType<typeof apiQueryOf>, signal: AbortSignal) =>
  api.call('catalog.query', { query, signal });

export interface CataloguePages {
  /** The first page's answer (the total, the counts, the corrected search words). */
  answer: CatalogueAnswer | undefined;
  /** The products of every page loaded so far, in order, each once. */
  items: CatalogueItem[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  /** The first page is loading for a query that has none on screen yet. */
  loading: boolean;
  /** A newer query is loading; the last answer stays on screen until it is in. */
  updating: boolean;
  error: string | null;
  retry: () => void;
  loadMore: () => Promise<void>;
  loadingMore: boolean;
  moreError: string | null;
}

/**
 * The collection's pages: the first by the query cache (`useQuery`, one entry per query, so a
 * query the shopper left is cancelled and its late answer never shown), the next ones appended
 * by "Load more" (docs/decisions/145-collection-on-the-query.md).
 */
export function useCataloguePages(state: CollectionState): CataloguePages {
  const query = apiQueryOf(state);
  const id = JSON.stringify(query);
  const first = useQuery<CatalogueAnswer>(
    [CATALOGUE_QUERY_KEY, id],
    (signal) => fetchPage(query, signal),
    { keepPreviousData: true },
  );

  const [more, setMore] = useState<{ id: string; pages: CatalogueAnswer[] }>({ id, pages: [] });
  const [moreStatus, setMoreStatus] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const controller = useRef<AbortController | null>(null);
  const pages = more.id === id ? more.pages : [];
  if (more.id !== id) {
    setMore({ id, pages: [] });
    setMoreStatus({ loading: false, error: null });
  }
  // A page still loading for a query the shopper has left is cancelled; its answer is not shown.
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [id],
  );

  const current = first.data;
  const last = pages.at(-1) ?? current;
  const nextCursor = last?.nextCursor ?? null;

  const loadMore = useCallback(async () => {
    if (!nextCursor || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setMoreStatus({ loading: true, error: null });
    try {
      const page = await fetchPage({ ...query, cursor: nextCursor }, abort.signal);
      if (abort.signal.aborted) return;
      setMore((m) => (m.id === id ? { id, pages: [...m.pages, page] } : m));
      setMoreStatus({ loading: false, error: null });
    } catch (error) {
      if (!abort.signal.aborted) setMoreStatus({ loading: false, error: loadErrorMessage(error) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
    // `query` is what `id` spells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, nextCursor]);

  // Keyset pages neither repeat nor skip (decision 139); the check by id guards the grid's keys
  // should a product's price or sales move it between two pages.
  const seen = new Set<string>();
  const items = [current, ...pages]
    .flatMap((p) => p?.products ?? [])
    .filter((p) => !seen.has(p._id) && (seen.add(p._id), true));

  return {
    answer: current,
    items,
    nextCursor,
    loading: current === undefined && first.error === undefined,
    updating: first.fetching && current !== undefined,
    error: first.error === undefined || first.fetching ? null : loadErrorMessage(first.error),
    retry: first.refresh,
    loadMore,
    loadingMore: moreStatus.loading,
    moreError: moreStatus.error,
  };
}

/**
 * What a draft of filters would show (the phone sheet's "Show N products" and its counts): asked
 * of the server with the draft, one product long, so N is the query's own total.
 */
export function useCatalogueSummary(state: CollectionState): CatalogueAnswer | undefined {
  const query = apiQueryOf({ ...state, cursor: '' }, 1);
  const answer = useQuery<CatalogueAnswer>(
    [CATALOGUE_QUERY_KEY, 'total', JSON.stringify(query)],
    (signal) => fetchPage(query, signal),
    { keepPreviousData: true },
  );
  return answer.data;
}

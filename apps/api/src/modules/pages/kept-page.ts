import type { CatalogService } from '../catalog/catalog.service';
import { CATALOG_UNWATCHED_TTL_MS } from '../catalog/catalog.service';
import { compressPage, type CompressedPage } from './compressed-page';
import type { StockView } from '../stock/stock.service';
import type { PageShell, ShellVersion } from './page-shell';

interface Kept {
  generation: number;
  shellVersion: number;
  madeAt: number;
  page: Promise<CompressedPage>;
}

export interface KeptPage {
  page(): Promise<CompressedPage>;
}

/**
 * A storefront page whose HTML depends on the catalogue — the home page with its hero, latest row
 * and best sellers, the collection with its first page (docs/decisions/146, 147, 151, 165): made
 * by `make` with a few indexed reads and compressed once, kept like the product pages
 * (docs/decisions/141-links-that-travel.md) — stale on every change the catalogue hears (a change
 * of the hero announces one too) and, with `stock`, every stock change; expiring while LISTEN is
 * down, and after `maxAgeMs`.
 */
export function createKeptPage(deps: {
  shell: PageShell;
  catalog: Pick<CatalogService, 'onInvalidate' | 'isListening'>;
  /** For a page that shows stock (sold out on its cards, decision 165): made again on a change. */
  stock?: Pick<StockView, 'onInvalidate'>;
  /**
   * For a page that shows what changes unannounced (units sold, ratings, counts still being read
   * again when it was made; decision 165): made again when this old.
   */
  maxAgeMs?: number;
  make: (current: ShellVersion) => Promise<string>;
}): KeptPage {
  const { shell, catalog, make, maxAgeMs = Infinity } = deps;
  let generation = 0;
  let kept: Kept | undefined;
  const forget = () => {
    generation += 1;
    kept = undefined;
  };
  catalog.onInvalidate(forget);
  deps.stock?.onInvalidate(forget);

  return {
    page() {
      const current = shell.current();
      if (
        kept &&
        kept.generation === generation &&
        kept.shellVersion === current.version &&
        Date.now() - kept.madeAt <
          (catalog.isListening() ? maxAgeMs : Math.min(maxAgeMs, CATALOG_UNWATCHED_TTL_MS))
      )
        return kept.page;
      const made: Kept = {
        generation,
        shellVersion: current.version,
        madeAt: Date.now(),
        page: make(current).then(compressPage),
      };
      // A failed read is not kept: the next request tries again.
      made.page.catch(() => {
        if (kept === made) kept = undefined;
      });
      kept = made;
      return made.page;
    },
  };
}

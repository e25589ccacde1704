import { namesAProductId, productIdOf } from '@vastra/shared/links/product-url';
import type { Product } from '@vastra/shared/schemas/product';
import { AppError } from '../../lib/app-error';
import type { CatalogService } from '../catalog/catalog.service';
import { CATALOG_UNWATCHED_TTL_MS } from '../catalog/catalog.service';
import type { ScreenProducts } from '../catalog/screen-products.service';
import type { StockView } from '../stock/stock.service';
import { compressPage, type CompressedPage } from './compressed-page';
import { productShell } from './page-head';
import type { PageShell } from './page-shell';

/** Product pages kept compressed; the most shared ones stay, the rest are made again on demand. */
const MAX_PAGES = 500;

interface Entry {
  /** The catalogue's change count when the product was read: a later change makes it stale. */
  generation: number;
  shellVersion: number;
  madeAt: number;
  /** undefined: no live product has this id (the storefront's default page is sent). */
  page: Promise<CompressedPage | undefined>;
}

export interface ProductPages {
  /**
   * The page of `/product/<slugOrId>` with that product's share tags, or undefined when the
   * parameter names no live product.
   */
  page(slugOrId: string, origin: string): Promise<CompressedPage | undefined>;
}

/**
 * Product pages with their share tags (docs/decisions/141-links-that-travel.md) and the product's
 * own answer, stock included (decision 154), compressed once and kept by product and origin in a
 * small least-recently-used map. Every change the catalogue or the stock hears (a write here,
 * NOTIFY from another process) makes every kept page stale; while LISTEN is down they expire as
 * the catalogue's own list does.
 */
export function createProductPages(deps: {
  shell: PageShell;
  catalog: Pick<CatalogService, 'onInvalidate' | 'isListening'>;
  stock: Pick<StockView, 'onInvalidate'>;
  screens: Pick<ScreenProducts, 'product'>;
}): ProductPages {
  const { shell, catalog, screens } = deps;
  const kept = new Map<string, Entry>();
  let generation = 0;
  const forgetAll = () => {
    generation += 1;
    kept.clear();
  };
  catalog.onInvalidate(forgetAll);
  deps.stock.onInvalidate(forgetAll);

  /** The product as `GET /api/product/:id` answers it, or undefined when no live product has the id. */
  async function liveProduct(id: string): Promise<Product | undefined> {
    try {
      return await screens.product(id);
    } catch (error) {
      if (error instanceof AppError && error.type === 'not_found') return undefined;
      throw error;
    }
  }

  function fresh(entry: Entry, shellVersion: number): boolean {
    return (
      entry.generation === generation &&
      entry.shellVersion === shellVersion &&
      (catalog.isListening() || Date.now() - entry.madeAt < CATALOG_UNWATCHED_TTL_MS)
    );
  }

  return {
    page(slugOrId, origin) {
      if (!namesAProductId(slugOrId)) return Promise.resolve(undefined);
      const id = productIdOf(slugOrId);
      const current = shell.current();
      const key = `${origin} ${id}`;
      const found = kept.get(key);
      if (found && fresh(found, current.version)) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(key);
        kept.set(key, found);
        return found.page;
      }
      const entry: Entry = {
        generation,
        shellVersion: current.version,
        madeAt: Date.now(),
        page: liveProduct(id).then((product) =>
          product
            ? compressPage(productShell(current.html, product, origin, current.routeChunks.product))
            : undefined,
        ),
      };
      // A failed read is not kept: the next request tries again.
      entry.page.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      kept.delete(key);
      kept.set(key, entry);
      if (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value!);
      return entry.page;
    },
  };
}

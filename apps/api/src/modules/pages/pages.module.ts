import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { catalogueQuerySchema } from '@vastra/shared/schemas/catalogue-query';
import type { CatalogService } from '../catalog/catalog.service';
import type { CatalogueQueryService } from '../catalog/catalogue-query.service';
import { createScreenProducts } from '../catalog/screen-products.service';
import type { StockView } from '../stock/stock.service';
import type { HomeHeroService } from '../home-hero/home-hero.service';
import { createKeptPage } from './kept-page';
import { collectionShell, homeShell } from './page-head';
import type { PageShell } from './page-shell';
import { pagesRoutes } from './pages.routes';
import { createProductPages } from './product-pages';
import { createSitemaps } from './sitemap';

/**
 * How old the home page and the collection's page may be (decision 165): they carry best sellers
 * (units sold, ratings) and counts, which can change without an announcement. A few reads and a
 * compression every 10 s at most; the shopper's own next load of a row is live.
 */
const CARRIED_PAGE_MAX_AGE_MS = 10_000;

/**
 * Links that travel (docs/decisions/141-links-that-travel.md): a product page's HTML carries its
 * title, canonical URL and share tags; /sitemap.xml and /robots.txt. The storefront's other
 * addresses get the default page from the not-found handler (plugins/static-files.ts).
 */
export async function registerPages(
  app: FastifyInstance,
  deps: {
    db: Database;
    catalog: CatalogService;
    /** The collection's page carries its first page, as GET /api/products answers it (decision 165). */
    catalogue: Pick<CatalogueQueryService, 'query'>;
    /**
     * Product pages, the home page and the collection's page carry stock: a stock change makes
     * them again (decisions 154, 165).
     */
    stock: StockView;
    /** The hero the home page carries, its first picture preloaded (decisions 147, 165). */
    homeHero: Pick<HomeHeroService, 'shown'>;
    /** Undefined while the storefront is not built. */
    shell: PageShell | undefined;
    publicUrl: string | undefined;
    /** Tests make files small to see the sitemap index without 50,000 products. */
    sitemapUrlsPerFile?: number;
  },
): Promise<void> {
  const { db, shell } = deps;
  const screens = createScreenProducts({ db });
  // Without a built storefront there is no page to put tags in; the route then answers as others do.
  const productPages = shell
    ? createProductPages({ shell, catalog: deps.catalog, stock: deps.stock, screens })
    : { page: () => Promise.resolve(undefined) };
  await app.register(pagesRoutes, {
    shell,
    homePage: shell
      ? createKeptPage({
          shell,
          catalog: deps.catalog,
          // Its rows show stock (sold out), as the collection's first page does.
          stock: deps.stock,
          maxAgeMs: CARRIED_PAGE_MAX_AGE_MS,
          make: async (current) => {
            const [hero, latest, bestsellers] = await Promise.all([
              deps.homeHero.shown(),
              screens.latest(),
              screens.bestsellers(),
            ]);
            return homeShell(current.html, {
              hero: { success: true, hero },
              latest: { success: true, products: latest },
              bestsellers: { success: true, products: bestsellers },
            });
          },
        })
      : undefined,
    collectionPage: shell
      ? createKeptPage({
          shell,
          catalog: deps.catalog,
          stock: deps.stock,
          maxAgeMs: CARRIED_PAGE_MAX_AGE_MS,
          make: async (current) =>
            collectionShell(
              current.html,
              current.routeChunks.collection,
              await deps.catalogue.query(catalogueQuerySchema.parse({})),
            ),
        })
      : undefined,
    productPages,
    sitemaps: createSitemaps({ db, urlsPerFile: deps.sitemapUrlsPerFile }),
    publicUrl: deps.publicUrl,
  });
}

import { Readable } from 'node:stream';
import { CATEGORIES } from '@vastra/shared/constants';
import { productPath } from '@vastra/shared/links/product-url';
import type { Database } from '../../db/client';
import { escapeHtml } from './page-head';
import { countLiveProducts, liveProductsBatch, type SitemapProduct } from './pages.repository';

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Rows read per query while a file is written: memory stays flat at any catalogue size. */
const ROWS_PER_QUERY = 1_000;

/** The shop's pages that are the same for everyone: home, collection, categories, information. */
export const SHOP_PAGES: readonly string[] = [
  '/',
  '/collection',
  ...CATEGORIES.map((category) => `/collection?category=${encodeURIComponent(category)}`),
  '/about',
  '/contact',
  '/shipping-policy',
  '/refund-policy',
  '/privacy-policy',
  '/terms-of-service',
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = '</urlset>\n';

function urlLine(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeHtml(loc)}</loc>${modified}</url>\n`;
}

/**
 * lastmod is the day the product was added: the products table keeps no edit time
 * (docs/decisions/141-links-that-travel.md).
 */
function productLine(product: SitemapProduct, origin: string): string {
  return urlLine(
    new URL(productPath({ _id: product.id, name: product.name }), origin).href,
    product.createdAt,
  );
}

/** Live products `first` to `first + count - 1` (0-based), read in batches, as <url> lines. */
async function* productLines(
  db: Database,
  origin: string,
  first: number,
  count: number,
): AsyncGenerator<string> {
  let left = count;
  let last: SitemapProduct | undefined;
  while (left > 0) {
    const batch = await liveProductsBatch(
      db,
      last ? { after: last } : { offset: first },
      Math.min(ROWS_PER_QUERY, left),
    );
    if (batch.length === 0) return;
    yield batch.map((product) => productLine(product, origin)).join('');
    left -= batch.length;
    last = batch.at(-1);
  }
}

export interface Sitemaps {
  /** /sitemap.xml: every URL when they fit one file, else an index of /sitemaps/<file>. */
  root(origin: string): Promise<Readable | string>;
  /** /sitemaps/pages.xml or /sitemaps/products-<n>.xml; undefined for any other name. */
  file(name: string, origin: string): Promise<Readable | string | undefined>;
}

/**
 * The sitemap (docs/decisions/141-links-that-travel.md). A product file is streamed in batches of
 * ROWS_PER_QUERY rows, never built as one string from the whole catalogue. Files follow the
 * products' (created_at, id) order: a new product goes to the last file.
 */
export function createSitemaps(deps: { db: Database; urlsPerFile?: number }): Sitemaps {
  const { db } = deps;
  const perFile = deps.urlsPerFile ?? SITEMAP_URLS_PER_FILE;

  const shopPages = (origin: string) =>
    SHOP_PAGES.map((page) => urlLine(new URL(page, origin).href)).join('');

  function urlset(head: string, lines: AsyncGenerator<string>): Readable {
    return Readable.from(
      (async function* () {
        yield URLSET_OPEN + head;
        yield* lines;
        yield URLSET_CLOSE;
      })(),
    );
  }

  return {
    async root(origin) {
      const products = await countLiveProducts(db);
      if (SHOP_PAGES.length + products <= perFile)
        return urlset(shopPages(origin), productLines(db, origin, 0, products));
      const files = ['pages.xml'];
      for (let n = 1; n <= Math.ceil(products / perFile); n++) files.push(`products-${n}.xml`);
      const entries = files
        .map(
          (file) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`,
        )
        .join('');
      return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
    },
    async file(name, origin) {
      if (name === 'pages.xml') return URLSET_OPEN + shopPages(origin) + URLSET_CLOSE;
      const n = /^products-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
      if (!n) return undefined;
      const first = (Number(n) - 1) * perFile;
      const products = await countLiveProducts(db);
      if (first >= products) return undefined;
      return urlset('', productLines(db, origin, first, Math.min(perFile, products - first)));
    },
  };
}

import { z } from 'zod';
import { endpointGroup } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Pages'] as const;

/**
 * What a shared link and a crawler read before any JavaScript runs
 * (docs/decisions/141-links-that-travel.md): not JSON, so no answer schema.
 */
export const pages = endpointGroup({
  home: {
    ...lateRoutes.pages.home,
    schema: {
      summary: "The home page: the storefront's HTML with its hero picture preloaded",
      description:
        'The newest product’s first picture, which the hero shows first, as `<link rel="preload" as="image">`, so the browser fetches it with the HTML instead of after the script and its API call (docs/decisions/146-screens-ask-for-what-they-show.md).',
      tags,
      produces: ['text/html'],
    },
  },
  collection: {
    ...lateRoutes.pages.collection,
    schema: {
      summary: "The collection: the storefront's HTML with its first card's picture preloaded",
      description:
        'Without a query string the first card is the newest live product (the collection’s default order), and its first picture is preloaded in the widths the card takes; the route’s JavaScript chunks are named as `modulepreload`. With filters in the query string only the chunks are (docs/decisions/151-collection-preloads-its-first-card.md).',
      tags,
      produces: ['text/html'],
    },
  },
  product: {
    ...lateRoutes.pages.product,
    schema: {
      summary: "A product page: the storefront's HTML with the product's title and share tags",
      description:
        'The parameter is `<slug>-<id>` or the bare id. A parameter naming no live product gets the storefront with the shop’s default tags (the page then says the product was not found).',
      tags,
      produces: ['text/html'],
      params: z.object({ slugOrId: z.string() }),
    },
  },
  sitemap: {
    ...lateRoutes.pages.sitemap,
    schema: {
      summary: 'The sitemap: every shop page and live product, or an index of sitemap files',
      description:
        'One `<urlset>` while the URLs fit one file (50,000), otherwise a `<sitemapindex>` naming `/sitemaps/pages.xml` and `/sitemaps/products-<n>.xml`.',
      tags,
      produces: ['application/xml'],
    },
  },
  sitemapFile: {
    ...lateRoutes.pages.sitemapFile,
    schema: {
      summary: 'One file of the sitemap index: `pages.xml` or `products-<n>.xml`',
      tags,
      produces: ['application/xml'],
      description: 'Any other name: 404.',
      params: z.object({ file: z.string() }),
    },
  },
  robots: {
    ...lateRoutes.pages.robots,
    schema: {
      summary:
        'robots.txt: the shop is open to crawlers, the owner’s and shoppers’ own pages are not',
      tags,
      produces: ['text/plain'],
    },
  },
});

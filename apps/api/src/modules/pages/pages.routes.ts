import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { sendPage } from './compressed-page';
import type { KeptPage } from './kept-page';
import type { PageShell } from './page-shell';
import type { ProductPages } from './product-pages';
import { robotsTxt } from './robots';
import { shopOrigin } from './shop-origin';
import type { Sitemaps } from './sitemap';

const XML = 'application/xml; charset=utf-8';
/** Crawlers fetch these now and then; an hour keeps them from asking the database each time. */
const CRAWLER_CACHE = 'public, max-age=3600';

export async function pagesRoutes(
  app: FastifyInstance,
  opts: {
    shell: PageShell | undefined;
    /** Undefined, like `shell`, while the storefront is not built. */
    homePage: KeptPage | undefined;
    /** The collection as it first opens, with its first card's picture preloaded; like `homePage`. */
    collectionPage: KeptPage | undefined;
    productPages: ProductPages;
    sitemaps: Sitemaps;
    publicUrl: string | undefined;
  },
): Promise<void> {
  const { shell, homePage, collectionPage, productPages, sitemaps, publicUrl } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.pages.home),
    // Pre-compressed (compressed-page.ts): the global compression hook must not redo it.
    compress: false,
    handler: async (request, reply) => {
      // Storefront not built: the not-found handler's page says so.
      if (!homePage) return reply.callNotFound();
      return sendPage(request, reply, await homePage.page());
    },
  });

  api.route({
    ...routeOf(endpoints.pages.collection),
    // Pre-compressed (compressed-page.ts): the global compression hook must not redo it.
    compress: false,
    handler: async (request, reply) => {
      // Storefront not built: the not-found handler's page says so.
      if (!shell || !collectionPage) return reply.callNotFound();
      // Filters change the first card: then only the route's chunks are named.
      const filtered = request.url.includes('?');
      return sendPage(
        request,
        reply,
        await (filtered ? shell.current().collectionPage : collectionPage.page()),
      );
    },
  });

  api.route({
    ...routeOf(endpoints.pages.product),
    // Pre-compressed (compressed-page.ts): the global compression hook must not redo it.
    compress: false,
    handler: async (request, reply) => {
      // Storefront not built: the not-found handler's page says so.
      if (!shell) return reply.callNotFound();
      const origin = shopOrigin(request, publicUrl);
      const page = await productPages.page(request.params.slugOrId, origin);
      return sendPage(request, reply, page ?? (await shell.current().defaultPage));
    },
  });

  api.route({
    ...routeOf(endpoints.pages.sitemap),
    handler: async (request, reply) => {
      const body = await sitemaps.root(shopOrigin(request, publicUrl));
      return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(body);
    },
  });

  api.route({
    ...routeOf(endpoints.pages.sitemapFile),
    handler: async (request, reply) => {
      const body = await sitemaps.file(request.params.file, shopOrigin(request, publicUrl));
      if (body === undefined) throw new AppError('not_found', 'No such sitemap file');
      return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(body);
    },
  });

  api.route({
    ...routeOf(endpoints.pages.robots),
    handler: async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(robotsTxt(shopOrigin(request, publicUrl))),
  });
}

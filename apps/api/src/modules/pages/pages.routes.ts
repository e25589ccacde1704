import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { sendPage, type CompressedPage } from './compressed-page';
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
    /** The collection as it first opens, carrying its first page (decision 165); like `homePage`. */
    collectionPage: KeptPage | undefined;
    productPages: ProductPages;
    sitemaps: Sitemaps;
    publicUrl: string | undefined;
  },
): Promise<void> {
  const { shell, homePage, collectionPage, productPages, sitemaps, publicUrl } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A kept page that cannot be made now (a read failed) is sent as the default page, which
   * carries nothing: the storefront then asks the API for what it shows (decision 165).
   */
  const keptOrDefault = async (
    kept: KeptPage,
    shown: PageShell,
    log: FastifyBaseLogger,
  ): Promise<CompressedPage> => {
    try {
      return await kept.page();
    } catch (error) {
      log.error({ err: error }, 'pages: a kept page could not be made; the default page is sent');
      return shown.current().defaultPage;
    }
  };

  api.route({
    ...routeOf(endpoints.pages.home),
    // Pre-compressed (compressed-page.ts): the global compression hook must not redo it.
    compress: false,
    handler: async (request, reply) => {
      // Storefront not built: the not-found handler's page says so.
      if (!shell || !homePage) return reply.callNotFound();
      return sendPage(request, reply, await keptOrDefault(homePage, shell, request.log));
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
        await (filtered
          ? shell.current().collectionPage
          : keptOrDefault(collectionPage, shell, request.log)),
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

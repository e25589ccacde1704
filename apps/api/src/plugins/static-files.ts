import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { sendPage } from '../modules/pages/compressed-page';
import { createPageShell, type PageShell } from '../modules/pages/page-shell';
import { isStoreKey, type FileStore } from '../providers/storage/file-store';

/** Content-hashed names (Vite's /assets, generated images) never change: cache them for a year. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html must be revalidated, or a deploy would leave browsers on old asset names. */
const REVALIDATE_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vastra — storefront not built</title></head>
<body><h1>The storefront is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then reload this page.</p>
<p>The API is up: <a href="/api/product/list">/api/product/list</a>.</p></body></html>
`;

/** Paths that only ever name files: a miss there is a 404, never the SPA's index.html. */
const FILE_ONLY_PREFIXES = ['/assets/', '/uploads/', '/media/'];

/** Longest file name (bytes) and path the file system takes (Linux NAME_MAX and PATH_MAX). */
const NAME_MAX_BYTES = 255;
const PATH_MAX_BYTES = 4096;
/** The 404 message names the address, cut short: an attacker's 8 KB path is not echoed back. */
const NOT_FOUND_PATH_CHARS = 100;

/**
 * True when no file could have this address. @fastify/static answers such a path 403 (its
 * spelling check fails with ENAMETOOLONG) instead of falling through to the not-found handler.
 */
function cannotNameAFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (Buffer.byteLength(pathname) > PATH_MAX_BYTES) return true;
  return pathname.split('/').some((segment) => {
    let name = segment;
    try {
      name = decodeURIComponent(segment);
    } catch {
      // Kept encoded: only ever longer than the name it stands for.
    }
    return Buffer.byteLength(name) > NAME_MAX_BYTES;
  });
}

/**
 * Uploads kept in an object store, at the same addresses as local ones: streamed through this
 * server (byte ranges passed on, for video seeking) when no public base URL sends browsers to the
 * store or its CDN directly, and for rows written before one was set (docs/decisions/115).
 */
function serveFromStore(app: FastifyInstance, store: FileStore): void {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const range = request.headers.range;
    const file = isStoreKey(key) ? await store.get(key, range) : undefined;
    if (!file) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE_CACHE).header('accept-ranges', 'bytes');
    if (file.contentType) reply.type(file.contentType);
    if (file.length !== undefined) reply.header('content-length', file.length);
    if (range && file.contentRange) reply.code(206).header('content-range', file.contentRange);
    return reply.send(file.body);
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built storefront and the uploaded/generated images, and owns the not-found handler:
 * unknown /api routes get a JSON 404; every other GET/HEAD that is not a file gets index.html so
 * the storefront's router can answer deep links. index.html goes out with the shop's default share
 * tags, compressed once (docs/decisions/141-links-that-travel.md); the shell is returned for the
 * product pages, undefined while the storefront is not built.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: { webDistDir: string; uploadsDir: string; store: FileStore },
): Promise<PageShell | undefined> {
  fs.mkdirSync(opts.uploadsDir, { recursive: true });
  const indexFile = path.join(opts.webDistDir, 'index.html');
  const webBuilt = fs.existsSync(indexFile);
  // Read at the first page, once the payments are set up (they decorate the app after this).
  const shell = webBuilt
    ? createPageShell(indexFile, () =>
        app.hasDecorator('payments') ? app.payments.gateway.mode : undefined,
      )
    : undefined;

  if (opts.store.kind === 'local') {
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: !webBuilt,
      dotfiles: 'ignore',
      index: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE_CACHE);
      },
    });
  } else {
    serveFromStore(app, opts.store);
  }

  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      dotfiles: 'ignore',
      // index.html is sent by the not-found handler, with the default tags (decision 141).
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(opts.webDistDir, filePath).split(path.sep).join('/');
        reply.header(
          'cache-control',
          relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
        );
      },
    });
  }

  // Before @fastify/static's own routes ('/uploads/*', '/*') look at the disk: a name too long for
  // any file goes straight to the not-found handler (index.html for a page, a JSON 404 otherwise).
  // `/` too, which names the folder: the home page is sent as every other page is.
  const staticRoutes = new Set(['/uploads/*', '/*']);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    const home = route === '/*' && (request.url === '/' || request.url.startsWith('/?'));
    if (!home && (!staticRoutes.has(route) || !cannotNameAFile(request.url))) return;
    reply.callNotFound();
    return reply;
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      !FILE_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix));
    if (!isPage) {
      const pathname = url.split('?')[0] ?? url;
      const shown =
        pathname.length > NOT_FOUND_PATH_CHARS
          ? `${pathname.slice(0, NOT_FOUND_PATH_CHARS)}…`
          : pathname;
      throw new AppError('not_found', `Not found: ${request.method} ${shown}`);
    }
    if (!webBuilt) {
      return reply
        .code(503)
        .header('cache-control', REVALIDATE_CACHE)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    // The handler's reply skips the global compression hook's route options: the page is
    // sent pre-compressed and @fastify/compress leaves an encoded answer alone.
    // /collection names its route's chunks (docs/decisions/149-lighthouse-in-the-bench.md).
    const current = shell!.current();
    const collection = /^\/collection\/?(?:\?|$)/.test(url);
    return sendPage(
      request,
      reply,
      await (collection ? current.collectionPage : current.defaultPage),
    );
  });
  return shell;
}

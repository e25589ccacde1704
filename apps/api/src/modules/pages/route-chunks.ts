import fs from 'node:fs';
import path from 'node:path';

/**
 * The JavaScript a storefront route loads after the first script: the route's own chunk and what
 * it imports, read from the build's manifest (apps/web/vite.config.ts writes dist/.vite/manifest.json).
 * Named in the page's HTML as <link rel="modulepreload">, a phone fetches them with the first
 * script instead of a round trip after it (docs/decisions/149-lighthouse-in-the-bench.md).
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The routes whose pages name their chunks: the ones a shopper arrives on from a search or a link. */
const ROUTE_SOURCES = {
  collection: 'src/app/routes/collection-route.tsx',
  product: 'src/app/routes/product-route.tsx',
} as const;

export type RouteChunks = Record<keyof typeof ROUTE_SOURCES, readonly string[]>;

const NONE: RouteChunks = { collection: [], product: [] };

/** `key`'s file and every file it imports, depth first, each once. */
function withImports(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withImports(manifest, imported, into);
  return into;
}

/** Each route's chunks that index.html does not load already, as absolute paths. */
export function routeChunksOf(manifest: Manifest): RouteChunks {
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) withImports(manifest, key, loaded);
  const chunksOf = (source: string) =>
    [...withImports(manifest, source, new Set())]
      .filter((file) => !loaded.has(file) && file.endsWith('.js'))
      .map((file) => `/${file}`);
  return {
    collection: chunksOf(ROUTE_SOURCES.collection),
    product: chunksOf(ROUTE_SOURCES.product),
  };
}

/** The manifest beside `indexFile`; none (a build without it, a test's index.html): no chunks. */
export function readRouteChunks(indexFile: string): RouteChunks {
  const file = path.join(path.dirname(indexFile), '.vite', 'manifest.json');
  try {
    return routeChunksOf(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
  } catch {
    return NONE;
  }
}

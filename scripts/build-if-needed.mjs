// Builds what `npm start` runs when it is missing or older than any of its sources, so a fresh
// clone serves the shop without a separate build step: the storefront (Vite, apps/web/dist) and
// the API server (esbuild, apps/api/dist/server.js; docs/decisions/113-server-build-health-and-signals.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const storefrontSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function isStale(built, sources) {
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > builtAt);
}

export function buildStorefrontIfNeeded({ force = false } = {}) {
  if (!force && !isStale(builtIndex, storefrontSources)) return;
  console.log('Building the storefront (apps/web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vastra/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`The storefront build failed (exit code ${result.status}).`);
  }
}

/** The API as one ES module with its source map; `node --enable-source-maps` runs it. */
export const SERVER_BUILD = path.join(root, 'apps/api/dist/server.js');
const serverSources = [
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-if-needed.mjs',
];
const sourceRoots = ['apps/api/src', 'packages/shared/src'].map((dir) => path.join(root, dir));

/**
 * Our own code (apps/api/src and the @vastra/shared workspace package, which exports TypeScript)
 * is bundled; every other package stays an import that Node resolves from node_modules at run
 * time, so PGlite's WebAssembly, sharp's and argon2's native modules load from their packages.
 */
const bundleOnlyOurCode = {
  name: 'bundle-only-our-code',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vastra/') ? undefined : { path: args.path, external: true },
    );
    // Files our code reads beside itself (the migrations, the emulator's checkout page, the demo
    // clips, the repository root) keep being found there: in each source file, import.meta.url
    // becomes that file's own URL, worked out from the bundle's place at run time.
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!sourceRoots.some((dir) => args.path.startsWith(dir + path.sep))) return undefined;
      const contents = await fs.promises.readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return { contents, loader: 'ts' };
      const fromBundle = path
        .relative(path.dirname(SERVER_BUILD), args.path)
        .split(path.sep)
        .join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: contents.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

export async function buildServerIfNeeded({ force = false } = {}) {
  if (!force && !isStale(SERVER_BUILD, serverSources)) return;
  console.log('Building the server (apps/api) ...');
  // Loaded only when a build is due, so a warm start does not carry esbuild.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Stack traces name the files in apps/api/src, which are in the repository anyway.
    sourcesContent: false,
    tsconfig: path.join(root, 'apps/api/tsconfig.json'),
    plugins: [bundleOnlyOurCode],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  buildStorefrontIfNeeded({ force });
  await buildServerIfNeeded({ force });
}

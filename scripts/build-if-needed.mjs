// Builds the storefront when apps/web/dist is missing or older than any of its sources,
// so `npm start` on a fresh clone serves the shop without a separate build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
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

function storefrontIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > builtAt);
}

export function buildStorefrontIfNeeded({ force = false } = {}) {
  if (!force && !storefrontIsStale()) return;
  console.log('Building the storefront (apps/web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vastra/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`The storefront build failed (exit code ${result.status}).`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildStorefrontIfNeeded({ force: process.argv.includes('--force') });
}

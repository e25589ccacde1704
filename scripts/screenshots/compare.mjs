// `node scripts/screenshots/compare.mjs BEFORE_DIR AFTER_DIR --out REPORT_DIR`: compares every
// PNG the two folders share, pixel by pixel in Chromium (pixel-diff.mjs), writes REPORT_DIR/
// index.html (report-page.mjs) with the pictures and diffs beside it, and prints a table, most
// changed first. Pictures in one folder only are listed. Exits 0 whatever it finds.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { ensureChromium, CHROMIUM_PATH } from '../ensure-chromium.mjs';
import { openComparer, TOLERANCE } from './pixel-diff.mjs';
import { percent, region, reportHtml, sizeChange } from './report-page.mjs';

const { values, positionals } = parseArgs({
  options: { out: { type: 'string' } },
  allowPositionals: true,
});
if (positionals.length !== 2 || !values.out) {
  console.error(
    'Usage: node scripts/screenshots/compare.mjs BEFORE_DIR AFTER_DIR --out REPORT_DIR',
  );
  process.exit(2);
}
const [beforeDir, afterDir] = positionals.map((dir) => path.resolve(dir));
const reportDir = path.resolve(values.out);

const pngs = (dir) => new Set(fs.readdirSync(dir).filter((name) => name.endsWith('.png')));
const before = pngs(beforeDir);
const after = pngs(afterDir);
const shared = [...before].filter((name) => after.has(name)).sort();
const onlyBefore = [...before].filter((name) => !after.has(name)).sort();
const onlyAfter = [...after].filter((name) => !before.has(name)).sort();

for (const sub of ['before', 'after', 'diff']) {
  fs.rmSync(path.join(reportDir, sub), { recursive: true, force: true });
  fs.mkdirSync(path.join(reportDir, sub), { recursive: true });
}
for (const name of [...shared, ...onlyBefore])
  fs.copyFileSync(path.join(beforeDir, name), path.join(reportDir, 'before', name));
for (const name of [...shared, ...onlyAfter])
  fs.copyFileSync(path.join(afterDir, name), path.join(reportDir, 'after', name));

const { CHROMIUM_ARGS } = await tsImport('../../apps/web/e2e/support/chromium.ts', import.meta.url);
ensureChromium();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows = [];
try {
  const compare = await openComparer(browser, {
    beforeDir,
    afterDir,
    diffDir: path.join(reportDir, 'diff'),
  });
  for (const name of shared) rows.push({ name, ...(await compare(name)) });
} finally {
  await browser.close();
}
rows.sort((a, b) => percent(b) - percent(a) || a.name.localeCompare(b.name));

fs.writeFileSync(
  path.join(reportDir, 'index.html'),
  reportHtml({ beforeDir, afterDir, rows, onlyBefore, onlyAfter }),
);

const table = rows.map((r) => [
  `${percent(r).toFixed(3)} %`,
  String(r.differing),
  sizeChange(r),
  r.name,
  region(r),
]);
const header = ['differing', 'pixels', 'size', 'file', 'where'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i < 2 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
console.log(line(header));
for (const row of table) console.log(line(row));
for (const [title, names] of [
  ['Only in before', onlyBefore],
  ['Only in after', onlyAfter],
]) {
  if (names.length > 0) console.log(`\n${title}:\n${names.map((n) => `  ${n}`).join('\n')}`);
}
const changed = rows.filter((r) => r.differing > 0).length;
console.log(
  `\n${rows.length} pairs compared (tolerance ${TOLERANCE} per channel): ${changed} with differing pixels, ` +
    `${rows.length - changed} identical; ${onlyBefore.length} only before, ${onlyAfter.length} only after.` +
    `\nReport: ${path.join(reportDir, 'index.html')}`,
);

// The comparison's index.html: a table of every picture, most changed first, then each pair with
// its before, after and diff pictures side by side (those with differences shown open). The
// pictures are copied beside it, so the report folder can be moved or sent as it is.

const escape = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

export const percent = (row) => (row.total === 0 ? 0 : (100 * row.differing) / row.total);

/** Where the differing pixels are: the rectangle holding them all, as `x,y width×height`. */
export const region = (row) =>
  row.region ? `${row.region.x},${row.region.y} ${row.region.width}×${row.region.height}` : '';

export const sizeChange = (row) => {
  const size = (s) => `${s.width}×${s.height}`;
  return size(row.before) === size(row.after)
    ? size(row.after)
    : `${size(row.before)} → ${size(row.after)}`;
};

/** `rows` sorted as shown: { name, differing, total, region, before, after }. */
export function reportHtml({ beforeDir, afterDir, rows, onlyBefore, onlyAfter }) {
  const changed = rows.filter((r) => r.differing > 0).length;
  const link = (dir, name) => `${dir}/${encodeURIComponent(name)}`;
  const picture = (title, href) =>
    `<figure><figcaption>${title}</figcaption><a href="${href}"><img src="${href}" loading="lazy" alt="${title}"></a></figure>`;
  const tableRows = rows
    .map(
      (r) =>
        `<tr class="${r.differing ? 'changed' : ''}"><td><a href="#${escape(r.name)}">${escape(r.name)}</a></td>` +
        `<td>${percent(r).toFixed(3)} %</td><td>${r.differing}</td><td>${sizeChange(r)}</td><td>${region(r)}</td></tr>`,
    )
    .join('\n');
  const pairs = rows
    .map(
      (r) =>
        `<details id="${escape(r.name)}"${r.differing ? ' open' : ''}><summary>${escape(r.name)} — ` +
        `${percent(r).toFixed(3)} % (${r.differing} pixels), ${sizeChange(r)}</summary><div class="pair">` +
        picture('before', link('before', r.name)) +
        picture('after', link('after', r.name)) +
        (r.differing ? picture('diff', link('diff', r.name)) : '<p>No pixel differs.</p>') +
        `</div></details>`,
    )
    .join('\n');
  const onlyList = (title, names, dir) =>
    names.length === 0
      ? ''
      : `<h2>${title}</h2><ul>${names.map((n) => `<li><a href="${link(dir, n)}">${escape(n)}</a></li>`).join('')}</ul>`;
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Screenshots compared</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #111; }
  table { border-collapse: collapse; margin-bottom: 2rem; }
  td, th { padding: .25rem .75rem; border-bottom: 1px solid #ddd; text-align: left; }
  td:nth-child(2), td:nth-child(3) { text-align: right; font-variant-numeric: tabular-nums; }
  tr.changed td { background: #fde7f3; }
  details { margin: .5rem 0; border-top: 1px solid #ddd; padding-top: .5rem; }
  summary { cursor: pointer; font-weight: 600; }
  .pair { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1rem; align-items: start; }
  figure { margin: 0; } figcaption { color: #666; } img { width: 100%; border: 1px solid #ccc; }
</style>
<h1>Screenshots compared</h1>
<p>Before: <code>${escape(beforeDir)}</code><br>After: <code>${escape(afterDir)}</code></p>
<p>${rows.length} pairs, ${changed} with differing pixels; ${onlyBefore.length} only before, ${onlyAfter.length} only after.
A pixel differs when a channel differs by more than the tolerance; in the diff it is magenta.</p>
<table>
<tr><th>file</th><th>differing</th><th>pixels</th><th>size (before → after)</th><th>where (x,y width×height)</th></tr>
${tableRows}
</table>
${onlyList('Only before', onlyBefore, 'before')}
${onlyList('Only after', onlyAfter, 'after')}
${pairs}
</html>
`;
}

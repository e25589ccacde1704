// Counts the pixels that differ between two PNGs, in Chromium: both are drawn on canvases of the
// larger width and height (what only one picture covers counts as different), compared channel by
// channel with a small tolerance, and a diff picture is made: the after picture faded to a light
// grey, with every differing pixel in magenta. No image library: the browser decodes and encodes.
// The functions given to page.evaluate and addInitScript run in the browser:
/* global Image, OffscreenCanvas, ImageData, FileReader */
import fs from 'node:fs';
import path from 'node:path';

/** A channel (red, green, blue or alpha) may differ by this much and still count as the same. */
export const TOLERANCE = 8;

/** The made-up origin the comparison page and its pictures are served from (see openComparer). */
const ORIGIN = 'http://compare.invalid';

/**
 * A Chromium page that can compare: it is served from ORIGIN, where `/before/NAME` and
 * `/after/NAME` answer the files of the two folders (one origin, so the canvases may read what
 * they draw). Diff pictures are saved in `diffDir`.
 */
export async function openComparer(browser, { beforeDir, afterDir, diffDir }) {
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const [, folder, name] = new URL(route.request().url()).pathname
      .split('/')
      .map(decodeURIComponent);
    const dir = { before: beforeDir, after: afterDir }[folder];
    if (dir)
      return route.fulfill({
        contentType: 'image/png',
        body: fs.readFileSync(path.join(dir, path.basename(name))),
      });
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>compare</title>',
    });
  });
  await page.goto(`${ORIGIN}/`);

  /** Compares `name` in both folders; answers the counts and both pictures' sizes. */
  return async function compare(name) {
    const { png, ...result } = await page.evaluate(
      async ({ name, tolerance }) => {
        const file = encodeURIComponent(name);
        const load = async (url) => {
          const img = new Image();
          img.src = url;
          await img.decode();
          return img;
        };
        const [before, after] = await Promise.all([
          load(`/before/${file}`),
          load(`/after/${file}`),
        ]);
        const width = Math.max(before.naturalWidth, after.naturalWidth);
        const height = Math.max(before.naturalHeight, after.naturalHeight);
        const pixelsOf = (img) => {
          const canvas = new OffscreenCanvas(width, height);
          const context = canvas.getContext('2d', { willReadFrequently: true });
          context.drawImage(img, 0, 0);
          return context.getImageData(0, 0, width, height).data;
        };
        const a = pixelsOf(before);
        const b = pixelsOf(after);
        const diff = new ImageData(width, height);
        const out = diff.data;
        let differing = 0;
        // The smallest rectangle holding every differing pixel, to say where to look.
        let [left, top, right, bottom] = [width, height, -1, -1];
        for (let i = 0; i < a.length; i += 4) {
          if (
            Math.abs(a[i] - b[i]) > tolerance ||
            Math.abs(a[i + 1] - b[i + 1]) > tolerance ||
            Math.abs(a[i + 2] - b[i + 2]) > tolerance ||
            Math.abs(a[i + 3] - b[i + 3]) > tolerance
          ) {
            differing += 1;
            const x = (i / 4) % width;
            const y = Math.floor(i / 4 / width);
            [left, top] = [Math.min(left, x), Math.min(top, y)];
            [right, bottom] = [Math.max(right, x), Math.max(bottom, y)];
            out[i] = 255;
            out[i + 1] = 0;
            out[i + 2] = 160;
          } else {
            // The after picture's brightness, faded towards white, as the background of the marks.
            const grey = 0.299 * b[i] + 0.587 * b[i + 1] + 0.114 * b[i + 2];
            out[i] = out[i + 1] = out[i + 2] = 255 - (255 - grey) * 0.25;
          }
          out[i + 3] = 255;
        }
        let png = null;
        if (differing > 0) {
          const canvas = new OffscreenCanvas(width, height);
          canvas.getContext('2d').putImageData(diff, 0, 0);
          const blob = await canvas.convertToBlob({ type: 'image/png' });
          png = await new Promise((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result).split(',')[1]);
            reader.readAsDataURL(blob);
          });
        }
        return {
          png,
          differing,
          region: differing
            ? { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }
            : null,
          total: width * height,
          before: { width: before.naturalWidth, height: before.naturalHeight },
          after: { width: after.naturalWidth, height: after.naturalHeight },
        };
      },
      { name, tolerance: TOLERANCE },
    );
    if (png) fs.writeFileSync(path.join(diffDir, name), Buffer.from(png, 'base64'));
    return result;
  };
}

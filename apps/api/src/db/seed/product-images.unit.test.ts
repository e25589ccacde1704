import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogSeed } from './catalog-data';
import {
  IMAGE_SIZE,
  VIEWS,
  productSvg,
  renderProductImages,
  writeProductImages,
} from './product-images';
import { createLocalFileStore } from '../../providers/storage/local-file-store';
import type { SeedProduct } from './seed-types';

function pick(predicate: (p: SeedProduct) => boolean): SeedProduct {
  const found = catalogSeed.find(predicate);
  if (!found) throw new Error('no such seed product');
  return found;
}

const shirt = pick((p) => p.category === 'SHIRTS' && p.imageCount === 4);
const jeans = pick((p) => p.category === 'PANTS' && p.look.pattern === 'denim');
const tee = pick((p) => p.category === 'T-SHIRTS');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-images-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('renderProductImages', () => {
  it.each([shirt, jeans, tee])('draws $imageCount real WebP pictures of $key', async (product) => {
    const pictures = await renderProductImages(product);
    expect(pictures.map((p) => p.view)).toEqual(
      ['front', 'back', 'detail', 'folded'].slice(0, product.imageCount),
    );
    for (const { webp } of pictures) {
      const meta = await sharp(webp).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([IMAGE_SIZE.width, IMAGE_SIZE.height]);
      // A real drawing, not an empty canvas: the picture has many distinct colours.
      const { channels } = await sharp(webp).stats();
      expect(channels[0]?.stdev).toBeGreaterThan(5);
    }
  });

  it('is deterministic: the same product gives the same bytes', async () => {
    const [first, second] = await Promise.all([renderProductImages(tee), renderProductImages(tee)]);
    expect(first.map((p) => p.webp.equals(second[first.indexOf(p)]!.webp))).toEqual(
      first.map(() => true),
    );
  });

  it('draws different products differently', async () => {
    const [a, b] = await Promise.all([renderProductImages(shirt), renderProductImages(jeans)]);
    expect(a[0]!.webp.equals(b[0]!.webp)).toBe(false);
    const [meanA, meanB] = await Promise.all([
      sharp(a[0]!.webp).stats(),
      sharp(b[0]!.webp).stats(),
    ]);
    expect(meanA.channels.map((c) => Math.round(c.mean))).not.toEqual(
      meanB.channels.map((c) => Math.round(c.mean)),
    );
  });
});

describe('writeProductImages', () => {
  it('writes content-addressed files in both widths and returns the 800 px ones’ /uploads URL paths', async () => {
    const urls = await writeProductImages(shirt, createLocalFileStore(tmp));
    expect(urls).toHaveLength(shirt.imageCount);
    for (const url of urls) {
      // The uploads' naming rule (decision 148), so the storefront finds the small copy by name.
      expect(url).toMatch(
        new RegExp(
          `^/uploads/products/${shirt.key}-(front|back|detail|folded)-[0-9a-f]{10}-w800\\.webp$`,
        ),
      );
      const wide = path.join(tmp, url.replace('/uploads/', ''));
      const small = wide.replace(/-w800\.webp$/, '-w400.webp');
      expect(await sharp(wide).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 1000,
      });
      expect(await sharp(small).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 500,
      });
      expect(fs.statSync(small).size).toBeGreaterThan(1000);
      expect(fs.statSync(small).size).toBeLessThan(fs.statSync(wide).size);
    }
    expect(fs.readdirSync(path.join(tmp, 'products'))).toHaveLength(2 * shirt.imageCount);
    const firstFile = path.join(tmp, urls[0]!.replace('/uploads/', ''));
    const writtenAt = fs.statSync(firstFile).mtimeMs;
    // A second call finds the same names and leaves the files alone.
    expect(await writeProductImages(shirt, createLocalFileStore(tmp))).toEqual(urls);
    expect(fs.statSync(firstFile).mtimeMs).toBe(writtenAt);
    expect(fs.readdirSync(path.join(tmp, 'products')).filter((f) => f.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('draws the 400 px copy as the same picture, scaled down', async () => {
    const [url] = await writeProductImages(jeans, createLocalFileStore(tmp));
    const wide = path.join(tmp, url!.replace('/uploads/', ''));
    const small = wide.replace(/-w800\.webp$/, '-w400.webp');
    const thumb = (file: string) => sharp(file).resize(40, 50).removeAlpha().raw().toBuffer();
    const [a, b] = await Promise.all([thumb(wide), thumb(small)]);
    const meanDifference = a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(meanDifference).toBeLessThan(4);
  });
});

describe('productSvg', () => {
  it.each(catalogSeed)(
    '$key: every view is self-contained (no text, no external image or URL)',
    (product) => {
      for (const view of VIEWS.slice(0, product.imageCount)) {
        const svg = productSvg(product, view);
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).not.toMatch(/<text|<image|@import|url\((?!#)/);
        // The only absolute URL allowed is the SVG namespace.
        expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
        // Every url(#id) points at something defined in the same document.
        for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g))
          expect(svg, `${view} #${id}`).toContain(`id="${id}"`);
      }
    },
  );
});

describe('renderProductImages across the catalogue', () => {
  // One product per category and pattern that the catalogue uses.
  const samples = [
    ...new Map(catalogSeed.map((p) => [`${p.category}/${p.look.pattern}`, p])).values(),
  ];

  it('covers every category and several patterns', () => {
    expect(new Set(samples.map((p) => p.category)).size).toBe(3);
    expect(samples.length).toBeGreaterThanOrEqual(10);
  });

  it.each(samples)(
    'draws $category $look.pattern ($key) with four distinct views',
    async (product) => {
      const pictures = await renderProductImages({ ...product, imageCount: 4 });
      expect(pictures.map((p) => p.view)).toEqual([...VIEWS]);
      const pixels = await Promise.all(
        pictures.map((p) => sharp(p.webp).resize(40, 50).raw().toBuffer()),
      );
      for (let i = 0; i < pixels.length; i++) {
        for (let j = i + 1; j < pixels.length; j++)
          expect(pixels[i]!.equals(pixels[j]!), `${VIEWS[i]} vs ${VIEWS[j]}`).toBe(false);
      }
      // The garment sits on a light background: the corners are light. (stats() would read the
      // whole picture and ignore extract(), so average the corner's own pixels.)
      const corner = await sharp(pictures[0]!.webp)
        .extract({ left: 0, top: 0, width: 20, height: 20 })
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(corner.reduce((sum, v) => sum + v, 0) / corner.length).toBeGreaterThan(200);
    },
  );
});

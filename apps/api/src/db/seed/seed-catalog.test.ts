import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES, TOP_SIZES, WAIST_SIZES } from '@vastra/shared/constants';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import type { Product } from '@vastra/shared/schemas/product';
import { makeTempDir, testConfig, type TestApp } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { catalogSeed } from './catalog-data';
import { seedCatalog } from './seed-catalog';
import { silentLogger } from '../../test/fixtures';
import { createLocalFileStore } from '../../providers/storage/local-file-store';

/** The real catalogue with the real image renderer, as a first `npm start` does it. */
// The app is built once the catalogue is in (its list is read at start-up); rows are kept.
const t = useTestApp({ app: 'manual', reset: false });
const dataDir = makeTempDir('seeded');
let shop: TestApp;
let list: Product[];

beforeAll(async () => {
  const { uploadsDir } = testConfig({ DATA_DIR: dataDir });
  await seedCatalog(t.db, { store: createLocalFileStore(uploadsDir), log: silentLogger });
  shop = await t.start({ DATA_DIR: dataDir });
  list = (await shop.app.inject('/api/product/list')).json().products;
}, 120_000);

describe('the seeded catalogue', () => {
  it('has every catalogue entry, at least 52, oldest first in catalogue order', () => {
    expect(list.length).toBeGreaterThanOrEqual(52);
    expect(list.map((p) => p.name)).toEqual(catalogSeed.map((e) => e.name));
    const dates = list.map((p) => p.date);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('covers all 3 categories and all 6 brands', () => {
    expect(new Set(list.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(list.map((p) => p.subCategory))).toEqual(new Set(BRANDS));
  });

  it('sizes tops S–XXL and pants by waist 28–36', () => {
    for (const product of list) {
      const allowed: readonly string[] = product.category === 'PANTS' ? WAIST_SIZES : TOP_SIZES;
      expect(product.sizes.length, product.name).toBeGreaterThan(0);
      for (const size of product.sizes) expect(allowed, `${product.name} ${size}`).toContain(size);
    }
    expect(list.filter((p) => p.category !== 'PANTS').some((p) => p.sizes.includes('XXL'))).toBe(
      true,
    );
    expect(list.filter((p) => p.category === 'PANTS').some((p) => p.sizes.includes('36'))).toBe(
      true,
    );
  });

  it('prices whole rupees, mostly ₹499–₹1,999, some above ₹2,000', () => {
    for (const p of list) expect(Number.isInteger(p.price) && p.price > 0, p.name).toBe(true);
    const inBand = list.filter((p) => p.price >= 499 && p.price <= 1999).length;
    expect(inBand / list.length).toBeGreaterThan(0.5);
    expect(list.some((p) => p.price > 2000)).toBe(true);
  });

  it('gives every product 2–4 distinct images that are served as real WebP with a long cache', async () => {
    const all = new Set<string>();
    for (const product of list) {
      expect(product.image.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.image.length, product.name).toBeLessThanOrEqual(4);
      for (const url of product.image) {
        // The 800 px copy, named by the uploads' rule (decision 148).
        expect(url).toMatch(/^\/uploads\/products\/[^/]+-w800\.webp$/);
        all.add(url);
      }
    }
    expect(all.size).toBe(list.reduce((n, p) => n + p.image.length, 0));
    for (const url of all) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // RIFF....WEBP: a real WebP file, not a placeholder.
      expect(res.rawPayload.subarray(0, 4).toString('latin1'), url).toBe('RIFF');
      expect(res.rawPayload.subarray(8, 12).toString('latin1'), url).toBe('WEBP');
      expect(res.rawPayload.length, url).toBeGreaterThan(1000);
    }
  });

  it('serves every picture in both widths: the srcset the storefront builds names real files', async () => {
    for (const product of list) {
      for (const url of product.image) {
        const srcset = pictureSrcset(url);
        expect(srcset, url).toBeDefined();
        const candidates = srcset!.split(', ').map((c) => c.split(' '));
        expect(candidates.map(([, w]) => w)).toEqual(['400w', '800w']);
        for (const [candidate, descriptor] of candidates) {
          const res = await shop.app.inject(candidate!);
          expect(res.statusCode, candidate).toBe(200);
          expect(res.headers['content-type']).toBe('image/webp');
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(res.rawPayload).metadata();
          expect(`${meta.width}w`, candidate).toBe(descriptor);
          expect(meta.height, candidate).toBe((meta.width! * 5) / 4);
        }
      }
    }
  });

  it('a second seed changes nothing', async () => {
    const again = await seedCatalog(t.db, {
      store: createLocalFileStore(path.join(makeTempDir('unused'), 'uploads')),
      log: silentLogger,
    });
    expect(again).toEqual({ inserted: 0, skipped: true });
    const fresh = await t.start({ DATA_DIR: dataDir });
    expect((await fresh.app.inject('/api/product/list')).json().products).toEqual(list);
  });
});

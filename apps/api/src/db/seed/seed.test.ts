import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEOS } from '@vastra/shared/constants';
import { SEED_COUPONS } from '@vastra/shared/pricing/coupons';
import { coupons } from '../schema/coupons';
import { products } from '../schema/products';
import { users } from '../schema/users';
import { videos } from '../schema/videos';
import { makeTempDir } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { seedShop } from './seed';
import { SEED_STEP_MS, seedCatalog } from './seed-catalog';
import type { SeedProduct } from './seed-types';
import type { FileStore } from '../../providers/storage/file-store';
import { createLocalFileStore } from '../../providers/storage/local-file-store';
import { insertProducts, silentLogger } from '../../test/fixtures';

// Seeds need only the database: no app, tables emptied before each test.
const t = useTestApp({ app: 'manual' });

function entry(key: string, overrides: Partial<SeedProduct> = {}): SeedProduct {
  return {
    key,
    name: `Product ${key}`,
    description: `About ${key}.`,
    price: 899,
    category: 'T-SHIRTS',
    subCategory: 'RARE-RABBIT',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    look: { base: '#223344', accent: '#ffffff', pattern: 'solid' },
    imageCount: 2,
    ...overrides,
  };
}

/** Stands in for the sharp renderer: writes N small files and returns their URL paths. */
async function fakeRender(product: SeedProduct, store: FileStore): Promise<string[]> {
  const keys = Array.from(
    { length: product.imageCount },
    (_, i) => `products/${product.key}-${i}.webp`,
  );
  for (const key of keys) await store.put(key, Buffer.from('x'), 'image/webp');
  return keys.map((key) => store.publicUrl(key));
}

describe('seedCatalog with a small catalogue', () => {
  const catalog = [
    entry('a', { imageCount: 3 }),
    entry('b', { category: 'PANTS', sizes: ['28', '30'] }),
    entry('c'),
  ];

  it('fills an empty table in catalogue order, later entries newer, images from the renderer', async () => {
    const uploadsDir = makeTempDir('uploads');
    const store = createLocalFileStore(uploadsDir);
    const now = new Date('2025-06-01T12:00:00Z');
    const result = await seedCatalog(t.db, {
      store,
      log: silentLogger,
      catalog,
      renderImages: fakeRender,
      now: () => now,
    });

    expect(result).toEqual({ inserted: 3, skipped: false });
    const rows = await t.db.select().from(products).orderBy(asc(products.createdAt));
    expect(rows.map((r) => r.seedKey)).toEqual(['a', 'b', 'c']);
    expect(rows.map((r) => r.createdAt.getTime())).toEqual([
      now.getTime() - 3 * SEED_STEP_MS,
      now.getTime() - 2 * SEED_STEP_MS,
      now.getTime() - 1 * SEED_STEP_MS,
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Product a',
      description: 'About a.',
      price: 899,
      category: 'T-SHIRTS',
      subCategory: 'RARE-RABBIT',
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
      images: [
        '/uploads/products/a-0.webp',
        '/uploads/products/a-1.webp',
        '/uploads/products/a-2.webp',
      ],
      deletedAt: null,
    });
    expect(rows[1]!.sizes).toEqual(['28', '30']);
    expect(fs.readdirSync(path.join(uploadsDir, 'products'))).toHaveLength(7);
  });

  it('does nothing, not even render, when the table has any product', async () => {
    await insertProducts(t.db, [{ name: "The owner's own", deletedAt: new Date() }]);
    let rendered = 0;
    const result = await seedCatalog(t.db, {
      store: createLocalFileStore(makeTempDir('uploads')),
      log: silentLogger,
      catalog,
      renderImages: async (p, store) => {
        rendered++;
        return fakeRender(p, store);
      },
    });
    expect(result).toEqual({ inserted: 0, skipped: true });
    expect(rendered).toBe(0);
    expect(await t.db.select().from(products)).toHaveLength(1);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const options = {
      store: createLocalFileStore(makeTempDir('uploads')),
      log: silentLogger,
      catalog,
      renderImages: fakeRender,
    };
    await seedCatalog(t.db, options);
    expect(await seedCatalog(t.db, options)).toEqual({ inserted: 0, skipped: true });
    expect(await t.db.select().from(products)).toHaveLength(3);
  });
});

describe('seedShop, the one seeding entry point', () => {
  it('fills an empty shop with products, clips, coupons and the first admin, and a second run changes nothing', async () => {
    const options = {
      store: createLocalFileStore(path.join(makeTempDir('shop'), 'uploads')),
      log: silentLogger,
      catalog: [entry('a'), entry('b')],
      renderImages: fakeRender,
      admin: { email: 'owner@example.com', password: 'owner-password-1' },
    };
    const counts = async () => ({
      products: (await t.db.select().from(products)).length,
      videos: (await t.db.select().from(videos)).length,
      coupons: (await t.db.select().from(coupons)).map((c) => c.code).sort(),
      admins: (await t.db.select().from(users)).map((u) => [u.email, u.role]),
    });

    await seedShop(t.db, options);
    const seeded = await counts();
    expect(seeded).toEqual({
      products: 2,
      videos: DEMO_VIDEOS.length,
      coupons: SEED_COUPONS.map((c) => c.code).sort(),
      admins: [['owner@example.com', 'admin']],
    });

    await seedShop(t.db, { ...options, admin: { ...options.admin, password: 'other-password-2' } });
    expect(await counts()).toEqual(seeded);
  });
});

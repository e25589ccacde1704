import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../schema/products';
import { makeTempDir } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { SEED_STEP_MS, seedCatalog } from './seed-catalog';
import type { SeedProduct } from './seed-types';
import { insertProducts, silentLogger } from '../../test/fixtures';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await database.reset();
});

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
async function fakeRender(product: SeedProduct, uploadsDir: string): Promise<string[]> {
  const dir = path.join(uploadsDir, 'products');
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: product.imageCount }, (_, i) => {
    const name = `${product.key}-${i}.webp`;
    fs.writeFileSync(path.join(dir, name), 'x');
    return `/uploads/products/${name}`;
  });
}

describe('seedCatalog with a small catalogue', () => {
  const catalog = [
    entry('a', { imageCount: 3 }),
    entry('b', { category: 'PANTS', sizes: ['28', '30'] }),
    entry('c'),
  ];

  it('fills an empty table in catalogue order, later entries newer, images from the renderer', async () => {
    const uploadsDir = makeTempDir('uploads');
    const now = new Date('2025-06-01T12:00:00Z');
    const result = await seedCatalog(database.handle.db, {
      uploadsDir,
      log: silentLogger,
      catalog,
      renderImages: fakeRender,
      now: () => now,
    });

    expect(result).toEqual({ inserted: 3, skipped: false });
    const rows = await database.handle.db.select().from(products).orderBy(asc(products.createdAt));
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
    await insertProducts(database.handle.db, [{ name: "The owner's own", deletedAt: new Date() }]);
    let rendered = 0;
    const result = await seedCatalog(database.handle.db, {
      uploadsDir: makeTempDir('uploads'),
      log: silentLogger,
      catalog,
      renderImages: async (p, dir) => {
        rendered++;
        return fakeRender(p, dir);
      },
    });
    expect(result).toEqual({ inserted: 0, skipped: true });
    expect(rendered).toBe(0);
    expect(await database.handle.db.select().from(products)).toHaveLength(1);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const options = {
      uploadsDir: makeTempDir('uploads'),
      log: silentLogger,
      catalog,
      renderImages: fakeRender,
    };
    await seedCatalog(database.handle.db, options);
    expect(await seedCatalog(database.handle.db, options)).toEqual({ inserted: 0, skipped: true });
    expect(await database.handle.db.select().from(products)).toHaveLength(3);
  });
});

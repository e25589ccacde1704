import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import { count } from 'drizzle-orm';
import type { Database } from '../client';
import { products, type NewProductRow } from '../schema/products';
import type { SeedProduct } from './seed-types';
import type { Logger } from '../../lib/logger';
import type { FileStore } from '../../providers/storage/file-store';

export interface SeedOptions {
  /** Where the pictures go (`products/…`): the shop's upload store (decision 115). */
  store: FileStore;
  log: Logger;
  /** Defaults to the catalogue of catalog-data.ts; tests pass a few entries. */
  catalog?: readonly SeedProduct[];
  /** Defaults to the real image renderer. */
  renderImages?: (product: SeedProduct, store: FileStore) => Promise<string[]>;
  now?: () => Date;
}

interface SeedResult {
  inserted: number;
  skipped: boolean;
}

/**
 * The demo catalogue's MRP is round(price ÷ 0.65): the struck-through price the specification's
 * pictures show (docs/product.md §3). Only the seed uses it; the shop shows each product's own MRP
 * (docs/decisions/126-mrp-display.md).
 */
const ORIGINAL_PRICE_FACTOR = 0.65;

/** Gap between two seeded products' creation times: later entries are newer, order is stable. */
export const SEED_STEP_MS = 60_000;
/** Images are rendered a few at a time: sharp works on libuv's thread pool. */
const RENDER_CONCURRENCY = 4;

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Fills an empty products table with the catalogue and its generated pictures. A table that has
 * any row (even soft-deleted ones) is the shop owner's and is left alone, so this is safe to run at
 * every start. Two servers seeding at once cannot duplicate a product: seed_key is unique.
 */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<SeedResult> {
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(products);
  if (existing > 0) {
    options.log.info({ existing }, 'catalogue already present; seed skipped');
    return { inserted: 0, skipped: true };
  }

  // Loaded only when there is something to seed: sharp and the catalogue are not needed otherwise.
  const entries = options.catalog ?? (await import('./catalog-data')).catalogSeed;
  const render = options.renderImages ?? (await import('./product-images')).writeProductImages;
  const started = Date.now();
  const images = await mapLimited(entries, RENDER_CONCURRENCY, (entry) =>
    render(entry, options.store),
  );

  const base = (options.now?.() ?? new Date()).getTime() - entries.length * SEED_STEP_MS;
  const rows: NewProductRow[] = entries.map((entry, index) => ({
    name: entry.name,
    description: entry.description,
    price: entry.price,
    // The demo catalogue declares the MRP the specification's struck-through price implied.
    mrp: Math.round(entry.price / ORIGINAL_PRICE_FACTOR),
    hsn: HSN_BY_CATEGORY[entry.category],
    images: images[index] ?? [],
    category: entry.category,
    subCategory: entry.subCategory,
    sizes: [...entry.sizes],
    createdAt: new Date(base + index * SEED_STEP_MS),
    seedKey: entry.key,
  }));

  const inserted = await db.transaction(async (tx) => {
    const result = await tx
      .insert(products)
      .values(rows)
      .onConflictDoNothing({ target: products.seedKey })
      .returning({ id: products.id });
    return result.length;
  });
  options.log.info({ inserted, ms: Date.now() - started }, 'catalogue seeded');
  return { inserted, skipped: false };
}

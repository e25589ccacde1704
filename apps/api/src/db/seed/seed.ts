import type { Database } from '../client';
import { bootstrapAdmin } from './seed-admin';
import { seedCatalog, type SeedOptions } from './seed-catalog';
import { seedCoupons } from './seed-coupons';
import { seedReviews } from './seed-reviews';
import { seedStock } from './seed-stock';
import { seedVideos } from './seed-videos';

/**
 * Everything the shop starts with, in one call (server.ts, at every start): the catalogue and its
 * pictures, its units per size (decision 110), its demo reviews (decision 136), the demo clips,
 * the starting coupons, and the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. Each part fills
 * only an empty table (or a shop without an admin, sizes without stock, demo reviews not yet
 * added) and is safe when two servers start at once, so a
 * shop's own data is never touched. Tests call the part they need from this folder.
 */
export async function seedShop(
  db: Database,
  options: SeedOptions & { admin: { email: string; password: string } | undefined },
): Promise<void> {
  const { admin, ...catalog } = options;
  await seedCatalog(db, catalog);
  await seedStock(db);
  await seedReviews(db);
  await seedVideos(db, options.log);
  await seedCoupons(db);
  await bootstrapAdmin(db, admin, options.log);
}

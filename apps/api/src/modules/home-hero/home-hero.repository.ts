import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { homeHero } from '../../db/schema/home-hero';
import { products } from '../../db/schema/products';

export type HomeHeroRow = typeof homeHero.$inferSelect;

/** One product as the hero may draw it. */
export interface HeroProduct {
  id: string;
  name: string;
  images: string[];
  /** False for a deleted product. */
  live: boolean;
}

const heroColumns = {
  id: products.id,
  name: products.name,
  images: products.images,
  live: sql<boolean>`${products.deletedAt} is null`,
};

/** A product the hero can draw: not deleted, with at least one picture. */
const drawable = and(isNull(products.deletedAt), sql`cardinality(${products.images}) > 0`);

/** The owner's pick, or undefined when nothing was ever picked (the newest products show). */
export async function readHomeHero(db: Pick<Database, 'select'>): Promise<HomeHeroRow | undefined> {
  const [row] = await db.select().from(homeHero).where(eq(homeHero.id, 1)).limit(1);
  return row;
}

/** Writes the one row (id 1), whatever was there. */
export async function writeHomeHero(
  db: Pick<Database, 'insert'>,
  values: Omit<typeof homeHero.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(homeHero)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: homeHero.id, set: row });
}

/** These products, deleted ones included (marked), in the order of `ids`; unknown ids left out. */
export async function readHeroProducts(
  db: Pick<Database, 'select'>,
  ids: readonly string[],
): Promise<HeroProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(heroColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The newest products the hero can draw, newest first (`products_created_at_idx`, as
 * GET /api/product/latest), leaving out `except`.
 */
export function readNewestDrawable(
  db: Pick<Database, 'select'>,
  limit: number,
  except: readonly string[],
): Promise<HeroProduct[]> {
  return db
    .select(heroColumns)
    .from(products)
    .where(except.length ? and(drawable, notInArray(products.id, [...except])) : drawable)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

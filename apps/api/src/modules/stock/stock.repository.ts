import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { StockMovementReason } from '@vastra/shared/schemas/stock';
import type { Database } from '../../db/client';
import { productStock, stockMovements } from '../../db/schema/stock';

/*
 * The product_stock and stock_movements tables (docs/decisions/110). Each change of units is one
 * conditional UPDATE: it either applies whole or matches no row, so two processes racing for the
 * last unit cannot both get it.
 */

interface StockCounts {
  onHand: number;
  held: number;
}

const key = (productId: string, size: string) =>
  and(eq(productStock.productId, productId), eq(productStock.size, size));
const available = sql`${productStock.onHand} - ${productStock.held}`;
const returned = { onHand: productStock.onHand, held: productStock.held };

/** The ways one order line moves a size's units (docs/decisions/110). */
type UnitChange = 'hold' | 'sell' | 'take' | 'release' | 'release_write_off' | 'restock';

/**
 * Moves `quantity` units of a size in one conditional UPDATE, or not at all (undefined):
 * - hold: held += q while q are available;
 * - sell (a held line paid): on hand −= q, held −= q, while q are held;
 * - take (sold without a hold): on hand −= q while q are available;
 * - release (a hold ended): held −= q while q are held; release_write_off also on hand −= q (the
 *   product was deleted meanwhile).
 */
export async function changeUnits(
  db: Database,
  productId: string,
  size: string,
  quantity: number,
  change: UnitChange,
): Promise<StockCounts | undefined> {
  const plus = (column: typeof productStock.held | typeof productStock.onHand, sign: 1 | -1) =>
    sql`${column} + ${sign * quantity}`;
  const { set, allowed } = {
    hold: { set: { held: plus(productStock.held, 1) }, allowed: sql`${available} >= ${quantity}` },
    sell: {
      set: { onHand: plus(productStock.onHand, -1), held: plus(productStock.held, -1) },
      allowed: sql`${productStock.held} >= ${quantity}`,
    },
    take: {
      set: { onHand: plus(productStock.onHand, -1) },
      allowed: sql`${available} >= ${quantity}`,
    },
    release: {
      set: { held: plus(productStock.held, -1) },
      allowed: sql`${productStock.held} >= ${quantity}`,
    },
    release_write_off: {
      set: { onHand: plus(productStock.onHand, -1), held: plus(productStock.held, -1) },
      allowed: sql`${productStock.held} >= ${quantity}`,
    },
    // Units an order took come back on hand (it was cancelled before it left the shop).
    restock: { set: { onHand: plus(productStock.onHand, 1) }, allowed: sql`true` },
  }[change];
  const [row] = await db
    .update(productStock)
    .set(set)
    .where(and(key(productId, size), allowed))
    .returning(returned);
  return row;
}

/** Units available now (on hand − held); 0 when the size has no row. */
export async function availableUnits(
  db: Database,
  productId: string,
  size: string,
): Promise<number> {
  const [row] = await db
    .select({ available: sql<number>`(${available})::int` })
    .from(productStock)
    .where(key(productId, size));
  return Number(row?.available ?? 0);
}

/** A size's row locked for this transaction (the admin's edit), or undefined. */
export async function lockStockRow(
  db: Database,
  productId: string,
  size: string,
): Promise<StockCounts | undefined> {
  const [row] = await db
    .select(returned)
    .from(productStock)
    .where(key(productId, size))
    .for('update');
  return row;
}

/**
 * Sets units on hand, never below what is held: creates the row, or updates it only while
 * held ≤ the new number. Undefined when refused.
 */
export async function upsertOnHand(
  db: Database,
  productId: string,
  size: string,
  onHand: number,
): Promise<StockCounts | undefined> {
  const [row] = await db
    .insert(productStock)
    .values({ productId, size, onHand, held: 0 })
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.size],
      set: { onHand },
      setWhere: sql`${productStock.held} <= ${onHand}`,
    })
    .returning(returned);
  return row;
}

/**
 * A deleted product's units that no order holds leave on hand (on hand becomes held). Answers
 * each size changed and by how much on hand went down.
 */
export async function writeOffAvailable(
  db: Database,
  productId: string,
): Promise<{ size: string; change: number }[]> {
  const locked = await db
    .select({ size: productStock.size, onHand: productStock.onHand, held: productStock.held })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), gt(productStock.onHand, productStock.held)))
    .orderBy(asc(productStock.size))
    .for('update');
  for (const row of locked)
    await db.update(productStock).set({ onHand: row.held }).where(key(productId, row.size));
  return locked.map((row) => ({ size: row.size, change: row.held - row.onHand }));
}

export interface StockRow {
  productId: string;
  size: string;
  onHand: number;
  held: number;
}

const rowColumns = {
  productId: productStock.productId,
  size: productStock.size,
  onHand: productStock.onHand,
  held: productStock.held,
};

/** Every stock row (a small table: products × sizes), for the shoppers' availability map. */
/**
 * One slice of every stock row, by product and size, after `after`: the availability map is read a
 * slice at a time so that no single result holds up other requests at 100,000 products.
 */
export function readStockSlice(
  db: Database,
  after: { productId: string; size: string } | undefined,
  limit: number,
): Promise<StockRow[]> {
  return db
    .select(rowColumns)
    .from(productStock)
    .where(
      after
        ? sql`(${productStock.productId}, ${productStock.size}) > (${after.productId}::uuid, ${after.size})`
        : undefined,
    )
    .orderBy(asc(productStock.productId), asc(productStock.size))
    .limit(limit);
}

export async function readStockOf(
  db: Database,
  productIds: readonly string[],
): Promise<StockRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select(rowColumns)
    .from(productStock)
    .where(inArray(productStock.productId, [...productIds]));
}

/** Sizes with at most `threshold` units available. */
export function readLowStock(db: Database, threshold: number): Promise<StockRow[]> {
  return db.select(rowColumns).from(productStock).where(lte(available, threshold));
}

export interface NewMovement {
  productId: string;
  size: string;
  onHandChange: number;
  heldChange: number;
  reason: StockMovementReason;
  orderId: string | null;
  actor: string;
}

export async function insertMovements(db: Database, rows: readonly NewMovement[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockMovements).values([...rows]);
}

export async function readMovements(
  db: Database,
  productId: string,
  page: { limit: number; offset: number },
) {
  const where = eq(stockMovements.productId, productId);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ value: count() }).from(stockMovements).where(where);
  return { rows, total: counted?.value ?? 0 };
}

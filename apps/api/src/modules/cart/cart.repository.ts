import { and, asc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@vastra/shared/constants';
import type { Database } from '../../db/client';
import { carts } from '../../db/schema/carts';

interface CartLineRow {
  productId: string;
  size: string;
  quantity: number;
}

/** Every line of a user's cart, oldest first. */
export function readCartLines(db: Database, userId: string): Promise<CartLineRow[]> {
  return db
    .select({ productId: carts.productId, size: carts.size, quantity: carts.quantity })
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(asc(carts.createdAt), asc(carts.productId), asc(carts.size));
}

export async function deleteLines(
  db: Database,
  userId: string,
  lines: readonly { productId: string; size: string }[],
): Promise<void> {
  for (const line of lines) await deleteLine(db, userId, line.productId, line.size);
}

/** Deletes one line; true when there was one. */
export async function deleteLine(
  db: Database,
  userId: string,
  productId: string,
  size: string,
): Promise<boolean> {
  const rows = await db
    .delete(carts)
    .where(and(eq(carts.userId, userId), eq(carts.productId, productId), eq(carts.size, size)))
    .returning({ productId: carts.productId });
  return rows.length > 0;
}

export async function lineQuantity(
  db: Database,
  userId: string,
  productId: string,
  size: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ quantity: carts.quantity })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.productId, productId), eq(carts.size, size)))
    .limit(1);
  return rows[0]?.quantity;
}

/**
 * One more of a line, done by the database in one statement: a new line starts at 1, an existing
 * one goes up by 1 only while it is below the limit. Undefined when the line is already full
 * (the WHERE of DO UPDATE refused it), so no interleaving can lose an update or pass the limit.
 */
export async function incrementLine(
  db: Database,
  userId: string,
  productId: string,
  size: string,
): Promise<number | undefined> {
  const rows = await db
    .insert(carts)
    .values({ userId, productId, size, quantity: 1 })
    .onConflictDoUpdate({
      target: [carts.userId, carts.productId, carts.size],
      set: { quantity: sql`${carts.quantity} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${carts.quantity} < ${LIMITS.cartLineQuantityMax}`,
    })
    .returning({ quantity: carts.quantity });
  return rows[0]?.quantity;
}

/** Sets a line's quantity (1 or more), creating the line if needed. */
export async function setLine(
  db: Database,
  userId: string,
  productId: string,
  size: string,
  quantity: number,
): Promise<number> {
  const rows = await db
    .insert(carts)
    .values({ userId, productId, size, quantity })
    .onConflictDoUpdate({
      target: [carts.userId, carts.productId, carts.size],
      set: { quantity, updatedAt: sql`now()` },
    })
    .returning({ quantity: carts.quantity });
  return rows[0]?.quantity ?? quantity;
}

/**
 * Takes `quantity` units off one line: the line goes when it had no more, otherwise it keeps
 * the rest (units added after the order was placed). Two conditional statements, each atomic.
 */
export async function takeFromLine(
  db: Database,
  userId: string,
  line: { productId: string; size: string; quantity: number },
): Promise<void> {
  const which = and(
    eq(carts.userId, userId),
    eq(carts.productId, line.productId),
    eq(carts.size, line.size),
  );
  await db.delete(carts).where(and(which, sql`${carts.quantity} <= ${line.quantity}`));
  await db
    .update(carts)
    .set({ quantity: sql`${carts.quantity} - ${line.quantity}` })
    .where(and(which, sql`${carts.quantity} > ${line.quantity}`));
}

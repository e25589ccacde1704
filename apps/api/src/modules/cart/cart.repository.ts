import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '@vastra/shared/constants';
import type { Database } from '../../db/client';
import { carts } from '../../db/schema/carts';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';

/** What a cart line needs to know about its product. */
export interface CartProduct {
  id: string;
  name: string;
  sizes: string[];
}

export interface CartLineRow {
  productId: string;
  size: string;
  quantity: number;
  productName: string;
  productSizes: string[];
  productDeleted: boolean;
}

/** Every line of a user's cart with what the shop now says about its product. */
export function readCartLines(db: Database, userId: string): Promise<CartLineRow[]> {
  return db
    .select({
      productId: carts.productId,
      size: carts.size,
      quantity: carts.quantity,
      productName: products.name,
      productSizes: products.sizes,
      productDeleted: sql<boolean>`${products.deletedAt} is not null`,
    })
    .from(carts)
    .innerJoin(products, eq(products.id, carts.productId))
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

export async function findActiveCartProduct(
  db: Database,
  id: string,
): Promise<CartProduct | undefined> {
  const rows = await db
    .select({ id: products.id, name: products.name, sizes: products.sizes })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return rows[0];
}

/**
 * Serialises every cart change of one user until the transaction ends: the 20-line cap is a
 * count-then-insert, which two requests would otherwise both pass. Locks the user's row (not
 * the whole table), so other shoppers never wait; NO KEY UPDATE still lets foreign-key checks
 * of other transactions through. False when the user no longer exists.
 */
export async function lockUserCart(tx: Database, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
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

/** Lines that count toward the cap: those whose product is still in the shop. */
export async function countLiveLines(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(carts)
    .innerJoin(products, eq(products.id, carts.productId))
    .where(and(eq(carts.userId, userId), isNull(products.deletedAt)));
  return Number(rows[0]?.count ?? 0);
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

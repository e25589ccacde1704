import crypto from 'node:crypto';
import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { products } from '../schema/products';
import { productStock, stockMovements } from '../schema/stock';

/**
 * The demo catalogue's units per size (docs/decisions/110): derived from each product's seed key
 * and size, so every shop starts with the same believable numbers — most sizes 5–40, some 1–3
 * ('Only 2 left' shows), a few 0 (sold out on day one).
 */
export function seedUnits(seedKey: string, size: string): number {
  const digest = crypto.createHash('sha256').update(`${seedKey}:${size}`).digest();
  const bucket = digest.readUInt16BE(0) % 100;
  const spread = digest.readUInt16BE(2);
  if (bucket < 6) return 0;
  if (bucket < 16) return 1 + (spread % 3);
  return 5 + (spread % 36);
}

/**
 * Gives each seeded product's sizes their starting units, with a ledger row 'seed' each. Only
 * sizes without a stock row get one (ON CONFLICT DO NOTHING on the key), so it is safe at every
 * start, with two servers at once, and on a shop seeded before stock existed; the owner's own
 * products and numbers are never touched.
 */
export async function seedStock(db: Database): Promise<number> {
  const seeded = await db
    .select({ id: products.id, seedKey: products.seedKey, sizes: products.sizes })
    .from(products)
    .where(isNotNull(products.seedKey));
  const rows = seeded.flatMap((product) =>
    product.sizes.map((size) => ({
      productId: product.id,
      size,
      onHand: seedUnits(product.seedKey ?? '', size),
      held: 0,
    })),
  );
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(productStock).values(rows).onConflictDoNothing().returning({
      productId: productStock.productId,
      size: productStock.size,
      onHand: productStock.onHand,
    });
    if (inserted.length > 0) {
      await tx.insert(stockMovements).values(
        inserted.map((row) => ({
          productId: row.productId,
          size: row.size,
          onHandChange: row.onHand,
          heldChange: 0,
          reason: 'seed',
          orderId: null,
          actor: 'system',
        })),
      );
      // Running processes re-read availability (the stock module listens on this channel).
      await tx.execute(sql.raw('NOTIFY stock_changed'));
    }
    return inserted.length;
  });
}

import { sql } from 'drizzle-orm';
import { SEED_COUPONS } from '@vastra/shared/pricing/coupons';
import type { Database } from '../client';
import { coupons } from '../schema/coupons';

/**
 * Puts the shop's starting coupons (VASTRA10, ASR10, FREEDEL) into an empty coupons table. Once
 * the table has rows it is the shop's: a coupon deleted or changed there stays so. Safe when two
 * servers start at once (ON CONFLICT on the unique code).
 */
export async function seedCoupons(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(coupons);
  if (Number(existing?.count ?? 0) > 0) return 0;
  const rows = await db
    .insert(coupons)
    .values(SEED_COUPONS.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id });
  return rows.length;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The tables a refused request must never change (rate-limit counters and OTP attempts may). */
const GUARDED_TABLES = [
  'users',
  'orders',
  'order_events',
  'refunds',
  'return_requests',
  'carts',
  'products',
  'coupons',
  'coupon_redemptions',
  'videos',
  'product_stock',
  'stock_movements',
] as const;

/** Row count and a checksum of every row of each guarded table, in one query. */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const selects = GUARDED_TABLES.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${table}" t`,
  );
  const result = (await db.execute(sql.raw(selects.join(' union all ')))) as unknown as {
    rows: { name: string; digest: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

/** The guarded tables whose digest differs. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  return GUARDED_TABLES.filter((table) => before[table] !== after[table]);
}

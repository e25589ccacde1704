import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refunds, type RefundRow } from '../../db/schema/after-sale';

export async function insertRefund(
  db: Database,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/** The order's refunds, oldest first. */
export function listRefundsOfOrder(db: Database, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** Paise the order's refunds claim, whatever their status (a failed one is retried, not dropped). */
export async function claimedPaise(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.total ?? 0);
}

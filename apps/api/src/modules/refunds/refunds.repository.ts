import { and, asc, desc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refunds, type RefundRow } from '../../db/schema/after-sale';
import { orders } from '../../db/schema/orders';

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

export async function findRefund(db: Database, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** The refund row, held until the transaction ends (take the order's lock first). */
export async function lockRefund(tx: Database, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function findRefundByProviderId(
  db: Database,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}

export async function updateRefund(
  tx: Database,
  id: string,
  set: Partial<Omit<typeof refunds.$inferInsert, 'id' | 'orderId'>>,
): Promise<RefundRow> {
  const [row] = await tx
    .update(refunds)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(refunds.id, id))
    .returning();
  if (!row) throw new Error('refund update found no row');
  return row;
}

/**
 * Takes a Razorpay refund that is due for sending (unsent, unknown outcome, or failed) for one
 * attempt: a conditional UPDATE, so of two processes only one gets it; the lease pushes its next
 * attempt past `leaseUntil` should this one never report back.
 */
export async function claimRefundForSending(
  db: Database,
  id: string,
  now: Date,
  leaseUntil: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      nextAttemptAt: leaseUntil,
      updatedAt: now,
    })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.method, 'razorpay'),
        inArray(refunds.status, ['pending', 'failed']),
        lte(refunds.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** Razorpay refunds due for (another) attempt, in the order they fell due, then oldest first. */
export function listDueRefunds(db: Database, now: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.method, 'razorpay'),
        inArray(refunds.status, ['pending', 'failed']),
        lte(refunds.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt), asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
}

/**
 * Razorpay refunds the provider accepted that have stayed pending, without a word, since before
 * `before` (their webhooks may never come): the retry loop asks the provider about them, oldest
 * first.
 */
export function listUnconfirmedRefunds(
  db: Database,
  before: Date,
  limit: number,
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.method, 'razorpay'),
        eq(refunds.status, 'pending'),
        isNotNull(refunds.providerRefundId),
        lt(refunds.updatedAt, before),
      ),
    )
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(limit);
}

/** The admin's list: open (pending or failed) and failed oldest first, all newest first. */
export function listRefundsForAdmin(
  db: Database,
  view: 'open' | 'failed' | 'all',
  limit: number,
): Promise<RefundRow[]> {
  const where =
    view === 'open'
      ? inArray(refunds.status, ['pending', 'failed'])
      : view === 'failed'
        ? eq(refunds.status, 'failed')
        : undefined;
  const order =
    view === 'all'
      ? [desc(refunds.createdAt), desc(refunds.id)]
      : [asc(refunds.createdAt), asc(refunds.id)];
  return db
    .select()
    .from(refunds)
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/**
 * The order number and account of each order, for the admin's list. A read of the orders
 * module's table: it exports no such function yet (asked for in the lead's requests file; swap
 * this for it at merge).
 */
export async function orderHeadsOf(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { orderNumber: number; userId: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId })
    .from(orders)
    .where(inArray(orders.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

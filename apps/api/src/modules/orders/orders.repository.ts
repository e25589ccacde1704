import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentEvents, type NewOrderRow, type OrderRow } from '../../db/schema/orders';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';

export async function insertOrder(db: Database, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function findOrderOfUser(
  db: Database,
  orderId: string,
  userId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

export async function findOrderByProviderId(
  db: Database,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId))
    .limit(1);
  return row;
}

export async function setProviderOrderId(
  db: Database,
  orderId: string,
  providerOrderId: string,
): Promise<void> {
  await db.update(orders).set({ providerOrderId }).where(eq(orders.id, orderId));
}

/**
 * Marks an order paid if, and only if, it is not paid yet: one statement, so the browser's
 * verification, a webhook and the reconciliation racing each other pay it once. Undefined when it
 * was already paid (or does not exist).
 */
export async function markPaidOnce(
  db: Database,
  orderId: string,
  providerPaymentId: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      payment: true,
      providerPaymentId,
      paidAt: now,
      // A payment captured after the 30-minute closure still pays the order and reopens it; an
      // order the shop cancelled meanwhile stays cancelled (and is now paid: a refund is due).
      failedAt: null,
      status: sql`case when ${orders.status} = ${ORDER_STATUS.paymentFailed} then ${ORDER_STATUS.placed} else ${orders.status} end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.payment, false)))
    .returning();
  return row;
}

/**
 * Closes an unpaid online order: 'Payment Failed', or — for an order the shop has already
 * cancelled — just closed, its status left as the admin set it. False when it got paid meanwhile.
 */
export async function markFailed(db: Database, orderId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      failedAt: now,
      status: sql`case when ${orders.status} = ${ORDER_STATUS.placed} then ${ORDER_STATUS.paymentFailed} else ${orders.status} end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.payment, false), isNull(orders.failedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function listOrdersOfUser(db: Database, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The orders that count as placed: paid ones and cash-on-delivery ones, unless cancelled. */
export async function countCountedOrders(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(eq(orders.payment, true), eq(orders.paymentMethod, 'cod')),
        ne(orders.status, ORDER_STATUS.cancelled),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Online orders created before `before`, still unpaid and not yet closed (cancelled ones too: a payment may still have been taken). */
export async function findStaleOnlineOrders(db: Database, before: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.payment, false),
        eq(orders.paymentMethod, 'razorpay'),
        isNull(orders.failedAt),
        lt(orders.createdAt, before),
      ),
    )
    .limit(200);
}

/**
 * The shopper's online orders still open for payment (unpaid, not closed, not moved on by the
 * shop, with a provider order) created after `since`, newest first: checkout reopens one of these
 * instead of leaving another unpaid order behind each time a payment window is closed.
 */
export async function findOpenOnlineOrders(
  db: Database,
  userId: string,
  since: Date,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'razorpay'),
        eq(orders.payment, false),
        isNull(orders.failedAt),
        eq(orders.status, ORDER_STATUS.placed),
        isNotNull(orders.providerOrderId),
        gt(orders.createdAt, since),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
}

/** Records a webhook event id; false when it was seen before. */
export async function recordPaymentEvent(
  db: Database,
  eventId: string,
  event: string,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ eventId, event })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

export async function forgetPaymentEvent(db: Database, eventId: string): Promise<void> {
  await db.delete(paymentEvents).where(eq(paymentEvents.eventId, eventId));
}

/** Units sold per product over paid orders (best sellers, docs/architecture.md §4.7). */
export async function readUnitsSold(db: Database): Promise<Map<string, number>> {
  const rows = await db.execute<{ product_id: string; units: number | string }>(sql`
    select item->>'_id' as product_id, sum((item->>'quantity')::int) as units
    from ${orders}, jsonb_array_elements(${orders.items}) as item
    where ${orders.payment} = true
    group by 1`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    product_id: string;
    units: number | string;
  }[];
  return new Map(list.map((r) => [r.product_id, Number(r.units)]));
}

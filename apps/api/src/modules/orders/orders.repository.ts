import { and, asc, desc, eq, isNull, lt, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentEvents, type NewOrderRow, type OrderRow } from '../../db/schema/orders';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';

/**
 * An online order never paid and closed — failed, expired or cancelled (docs/decisions/110): the
 * shopper's list leaves these out, and so does the admin's default view.
 */
export const neverPaidClosed = sql`(${orders.paymentMethod} = 'razorpay' and ${orders.payment} = false and (${orders.failedAt} is not null or ${orders.status} = ${ORDER_STATUS.cancelled} or ${orders.holdState} is not distinct from 'released'))`;

/** The order locked for this transaction: payment, closing and cancelling go one at a time. */
export async function lockOrder(db: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The shopper's open online order: at most one (a partial unique index on exactly this). */
const openOnlineOf = (userId: string) =>
  and(
    eq(orders.userId, userId),
    eq(orders.paymentMethod, 'razorpay'),
    eq(orders.holdState, 'held'),
  );

/** The shopper's open online order, locked for this transaction. */
export async function lockOpenOnlineOrder(
  db: Database,
  userId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(openOnlineOf(userId)).for('update');
  return row;
}

/** The same, unlocked (the cart's and the coupon check's reads). */
export async function findOpenOnlineOrder(
  db: Database,
  userId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(openOnlineOf(userId));
  return row;
}

/**
 * Ends a live hold: only from 'held', unpaid (so a payment, the sweep and a cancel racing end it
 * once). `failedAt` marks the order closed unpaid. Undefined when it was not held.
 */
export async function endHold(
  db: Database,
  orderId: string,
  extra: { failedAt?: Date } = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ holdState: 'released', ...extra })
    .where(and(eq(orders.id, orderId), eq(orders.holdState, 'held'), eq(orders.payment, false)))
    .returning();
  return row;
}

/**
 * An order that took its units (cash on delivery, or paid) gives them back: `taken` → `released`,
 * once. Undefined when it had not taken them, or already gave them back.
 */
export async function endTaken(db: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ holdState: 'released' })
    .where(and(eq(orders.id, orderId), eq(orders.holdState, 'taken')))
    .returning();
  return row;
}

/** How many orders one pass of the sweep reads at a time. */
const SWEEP_BATCH = 200;

/** Online orders whose hold has run out by `now`: the earliest expiry first, then created, id. */
export async function findExpiredHolds(db: Database, now: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.holdState, 'held'), lte(orders.holdExpiresAt, now)))
    .orderBy(asc(orders.holdExpiresAt), asc(orders.createdAt), asc(orders.id))
    .limit(SWEEP_BATCH);
}

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

/** The shopper's orders, newest first, without online orders never paid and closed. */
export async function listOrdersOfUser(db: Database, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), not(neverPaidClosed)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * The orders that count as placed: paid ones and cash-on-delivery ones, unless cancelled. With
 * `open` also the online ones holding their units (the coupons' first-N rule, decision 110),
 * except `open.exceptOrderId` (the open order a checkout reuses or replaces).
 */
export async function countCountedOrders(
  db: Database,
  userId: string,
  open: { exceptOrderId: string | null } | null,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          eq(orders.payment, true),
          eq(orders.paymentMethod, 'cod'),
          open ? eq(orders.holdState, 'held') : undefined,
        ),
        ne(orders.status, ORDER_STATUS.cancelled),
        open?.exceptOrderId ? ne(orders.id, open.exceptOrderId) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Online orders created before `before`, unpaid, not closed and holding nothing (cancelled by the
 * shop, or placed before holds existed): a payment may still have been taken. Held orders are
 * found by their expiry instead.
 */
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
        sql`${orders.holdState} is distinct from 'held'`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(SWEEP_BATCH);
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

/** Whether one of the shopper's Delivered orders has a line of the product (reviews, decision 136). */
export async function readReceivedProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, ORDER_STATUS.delivered),
        sql`${orders.items} @> ${JSON.stringify([{ _id: productId }])}::jsonb`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

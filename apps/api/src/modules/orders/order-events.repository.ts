import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, type OrderEventRow } from '../../db/schema/orders';

export type NewOrderEvent = Omit<OrderEventRow, 'id' | 'at'> & { at?: Date };

/** Appends to the order's history, in the caller's transaction (docs/decisions/118-order-life.md). */
export async function appendOrderEvent(db: Database, event: NewOrderEvent): Promise<void> {
  await db.insert(orderEvents).values(event);
}

/** The order's history, oldest first. */
export function listOrderEvents(db: Database, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

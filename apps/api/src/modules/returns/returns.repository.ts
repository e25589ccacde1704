import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ReturnState } from '@vastra/shared/order-life/returns';
import type { Database } from '../../db/client';
import { returnRequests, type ReturnRequestRow } from '../../db/schema/after-sale';

/*
 * The return_requests table (docs/decisions/120-returns-and-exchanges.md): written only here, each
 * step one conditional UPDATE from the state the caller saw.
 */

/** The order's return and exchange requests, oldest first. */
export function listReturnsOfOrder(db: Database, orderId: string): Promise<ReturnRequestRow[]> {
  return db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
}

export async function insertReturn(
  db: Database,
  values: typeof returnRequests.$inferInsert,
): Promise<ReturnRequestRow> {
  const [row] = await db.insert(returnRequests).values(values).returning();
  if (!row) throw new Error('return request insert returned nothing');
  return row;
}

export async function findReturn(db: Database, id: string): Promise<ReturnRequestRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

/**
 * Moves a request from `from` to `to` (with other columns of the step) in one conditional UPDATE;
 * undefined when it is no longer at `from` (someone else moved it first).
 */
export async function moveReturnRow(
  db: Database,
  move: {
    id: string;
    from: ReturnState;
    to: ReturnState;
    at: Date;
    set?: Partial<
      Pick<
        ReturnRequestRow,
        'adminNote' | 'exchangeCourier' | 'exchangeTrackingNumber' | 'exchangeShippedAt'
      >
    >;
  },
): Promise<ReturnRequestRow | undefined> {
  const [row] = await db
    .update(returnRequests)
    .set({ ...move.set, state: move.to, updatedAt: move.at })
    .where(and(eq(returnRequests.id, move.id), eq(returnRequests.state, move.from)))
    .returning();
  return row;
}

/** The admin's list: requests in `closed` states or the others, open ones oldest first. */
export function listReturnsForAdmin(
  db: Database,
  view: 'open' | 'closed' | 'all',
  closed: readonly ReturnState[],
): Promise<ReturnRequestRow[]> {
  const where =
    view === 'open'
      ? notInArray(returnRequests.state, [...closed])
      : view === 'closed'
        ? inArray(returnRequests.state, [...closed])
        : undefined;
  // The open queue is worked oldest first; the history is read newest first.
  const order =
    view === 'open'
      ? [asc(returnRequests.createdAt), asc(returnRequests.id)]
      : [desc(returnRequests.createdAt), desc(returnRequests.id)];
  return db
    .select()
    .from(returnRequests)
    .where(where)
    .orderBy(...order)
    .limit(500);
}

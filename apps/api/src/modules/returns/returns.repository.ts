import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { returnRequests, type ReturnRequestRow } from '../../db/schema/after-sale';

/** The order's return and exchange requests, oldest first. */
export function listReturnsOfOrder(db: Database, orderId: string): Promise<ReturnRequestRow[]> {
  return db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
}

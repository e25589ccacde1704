import type { Database } from '../../db/client';
import { countCountedOrders } from '../orders/orders.repository';

/**
 * How many orders the shopper placed before this one: FREEDEL is valid only while this is below
 * its `max_earlier_orders` (docs/product.md §9, docs/architecture.md §4.1). The same count as `POST /api/order/ordercount`:
 * orders that are paid, or cash on delivery (an abandoned online payment is not an order).
 */
export async function countEarlierOrders(db: Database, userId: string): Promise<number> {
  return countCountedOrders(db, userId);
}

import type { Database } from '../../db/client';

/**
 * How many orders the shopper placed before this one: FREEDEL is valid only while this is below
 * its `max_earlier_orders` (spec §9, DESIGN.md §4.1).
 *
 * SEAM for the orders issue: there is no orders table yet, so every shopper has 0 earlier orders.
 * The orders engineer replaces the body with a count of the user's orders (and decides which
 * count: placed, or paid and cash-on-delivery) — `priceCart` and the coupon check call only this.
 */
export async function countEarlierOrders(_db: Database, _userId: string): Promise<number> {
  return 0;
}

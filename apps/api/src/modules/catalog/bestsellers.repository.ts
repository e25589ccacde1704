import type { Database } from '../../db/client';
import { readUnitsSold } from '../orders/orders.repository';
import type { UnitsSold } from './bestsellers';

/**
 * Units sold per product over **paid** orders (the sum of the items' quantities, by product id);
 * `rankBestsellers` holds the rule (most sold first, topped up with the newest).
 */
export async function unitsSoldInPaidOrders(db: Database): Promise<UnitsSold> {
  return readUnitsSold(db);
}

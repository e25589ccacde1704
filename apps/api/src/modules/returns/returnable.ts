import { RETURN_WINDOW_DAYS } from '@vastra/shared/constants';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type { ReturnableLine } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { productsById } from '../catalog/catalog.service';
import { adminStockOf } from '../stock/stock.service';

const DAY_MS = 24 * 60 * 60_000;

/** The last moment a return may be asked for: delivery + RETURN_WINDOW_DAYS (null before delivery). */
export function returnWindowEndsAt(order: Pick<OrderRow, 'deliveredAt'>): Date | null {
  return order.deliveredAt
    ? new Date(order.deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS)
    : null;
}

const key = (productId: string, size: string) => `${productId}\u0000${size}`;

/** Units of each order line already in a return request that was not rejected. */
export function unitsInReturns(returns: readonly ReturnRequestRow[]): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const request of returns) {
    if (request.state === 'rejected') continue;
    for (const line of request.lines) {
      const k = key(line.productId, line.size);
      claimed.set(k, (claimed.get(k) ?? 0) + line.quantity);
    }
  }
  return claimed;
}

/**
 * What the shopper may still return or exchange now (docs/decisions/118-order-life.md): nothing
 * before delivery or after the window; otherwise each line's units not yet in a request, with
 * the other sizes of the same product that have stock now.
 */
export async function returnableLines(
  db: Database,
  order: OrderRow,
  returns: readonly ReturnRequestRow[],
  now: Date,
): Promise<ReturnableLine[]> {
  const ends = returnWindowEndsAt(order);
  if (order.status !== ORDER_STATUS.delivered || !ends || ends <= now) return [];
  const claimed = unitsInReturns(returns);
  const products = await productsById(
    db,
    order.items.map((item) => item._id),
  );
  const stock = await adminStockOf(db, [...products.values()]);
  return order.items.flatMap((item) => {
    const left = item.quantity - (claimed.get(key(item._id, item.size)) ?? 0);
    if (left <= 0) return [];
    const sizes = stock.get(item._id) ?? {};
    const exchangeSizes = Object.entries(sizes)
      .filter(([size, units]) => size !== item.size && units.available > 0)
      .map(([size]) => size);
    return [{ productId: item._id, size: item.size, quantity: left, exchangeSizes }];
  });
}

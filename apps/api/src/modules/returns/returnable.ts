import { RETURN_WINDOW_DAYS } from '@vastra/shared/constants';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type { ReturnKind } from '@vastra/shared/order-life/returns';
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

/** Whether returns may be asked for now: delivered, and the window still open. */
export function returnsOpen(order: Pick<OrderRow, 'status' | 'deliveredAt'>, now: Date): boolean {
  const ends = returnWindowEndsAt(order);
  return order.status === ORDER_STATUS.delivered && ends !== null && now < ends;
}

/** An order line's key: its product and size (an order has each pair once). */
export const lineKey = (productId: string, size: string) => `${productId}\u0000${size}`;

/**
 * Units of each order line (by lineKey) already in a return request that was not rejected; with
 * `kind`, only in requests of that kind (a refund's amount counts the units refunded before).
 */
export function unitsInReturns(
  returns: readonly ReturnRequestRow[],
  kind?: ReturnKind,
): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const request of returns) {
    if (request.state === 'rejected') continue;
    if (kind && request.kind !== kind) continue;
    for (const line of request.lines) {
      const k = lineKey(line.productId, line.size);
      claimed.set(k, (claimed.get(k) ?? 0) + line.quantity);
    }
  }
  return claimed;
}

/**
 * What the shopper may still return or exchange now (docs/decisions/120-returns-and-exchanges.md):
 * nothing before delivery or after the window; otherwise each line's units not yet in a request,
 * with the other sizes of the same product that have stock now (none once it is deleted).
 */
export async function returnableLines(
  db: Database,
  order: OrderRow,
  returns: readonly ReturnRequestRow[],
  now: Date,
): Promise<ReturnableLine[]> {
  if (!returnsOpen(order, now)) return [];
  const claimed = unitsInReturns(returns);
  const products = await productsById(
    db,
    order.items.map((item) => item._id),
  );
  const onSale = [...products.values()].filter((p) => p.deletedAt === null);
  const stock = await adminStockOf(db, onSale);
  return order.items.flatMap((item) => {
    const left = item.quantity - (claimed.get(lineKey(item._id, item.size)) ?? 0);
    if (left <= 0) return [];
    const sizes = stock.get(item._id) ?? {};
    const exchangeSizes = Object.entries(sizes)
      .filter(([size, units]) => size !== item.size && units.available > 0)
      .map(([size]) => size);
    return [{ productId: item._id, size: item.size, quantity: left, exchangeSizes }];
  });
}

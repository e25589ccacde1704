import { deliveryPromise } from '../delivery/delivery-promise';

/**
 * The delivery window promised when an order is placed (docs/decisions/118-order-life.md):
 * PROCESSING_DAYS to pack it plus DELIVERY_DAYS on the road, counted in business days — every
 * day but Sunday, in India's calendar — by the delivery check's own `deliveryPromise`
 * (docs/decisions/128-delivery-check.md). Zod-free: the order page's confirmation panel uses it too.
 */

/**
 * An order keeps the delivery check's promise made at checkout (orders.promised_from/to, with its
 * region's extra days and the shop's holidays). This count, Sundays only, is for orders placed
 * before that promise was kept.
 */
const NO_HOLIDAYS: ReadonlySet<string> = new Set();

/** The earliest and latest expected delivery of an order placed at `placedAt` (ms since the epoch). */
export function expectedDeliveryWindow(placedAt: number): { from: number; to: number } {
  return deliveryPromise(placedAt, 0, NO_HOLIDAYS);
}

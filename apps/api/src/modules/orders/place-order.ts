import { COUPON_MESSAGES } from '@vastra/shared/pricing/coupons';
import {
  ORDER_MESSAGES,
  ORDER_STATUS,
  type Address,
  type OrderItem,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { assertDeliverable } from '../delivery/delivery.service';
import type { Clock } from '../../lib/clock';
import { lockCart, removeBoughtLines } from '../cart/cart.service';
import { productsById } from '../catalog/catalog.service';
import { priceCart, recordRedemption, releaseHeldCoupon } from '../coupons/coupons.service';
import { holdStock, replaceHold, takeStock } from '../stock/stock.service';
import { appendOrderEvent } from './order-events.repository';
import { stockLines } from './order-stock';
import { moveStatus, movePayment, type Mover } from './order-transitions';
import { countCountedOrders, endHold, insertOrder, lockOpenOnlineOrder } from './orders.repository';

/*
 * Placing an order: the one owner of "a cart becomes an order" (docs/decisions/118-order-life.md,
 * docs/decisions/110). The order is born at Order Placed with its creation event; an open online
 * order a new checkout replaces is cancelled by the shop through the same transitions.
 */

export interface Customer {
  id: string;
  name: string;
  email: string;
}

export interface PlaceInput {
  address: Address;
  couponCode?: string | null | undefined;
  /** The total the shopper was shown; when it differs from the server's price, nothing is placed. */
  expectedTotal?: number | undefined;
}

export interface PlaceDeps {
  db: Database;
  clock: Clock;
  /** How long an unpaid online order holds its units and coupon (config HOLD_MINUTES). */
  holdMs: number;
  /** `npm run bench`'s baseline only (BENCH_WITHOUT_STOCK, refused in production). */
  withoutStock?: boolean | undefined;
}

const CHECKOUT: Mover = { actor: 'system', label: 'checkout' };

/**
 * FREEDEL's earlier orders (docs/architecture.md §4.1): the placed ones and the open online one
 * holding its units (decision 110), except the open order a checkout reuses or replaces. The
 * coupons module counts with it.
 */
export function countEarlierOrders(
  db: Database,
  userId: string,
  exceptOrderId: string | null,
): Promise<number> {
  return countCountedOrders(db, userId, { exceptOrderId });
}

/** JSON with sorted keys: jsonb does not keep key order, so rows are compared this way. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Whether an open order is for exactly these items, address, coupon and amount. */
function sameContents(
  row: OrderRow,
  wanted: Pick<OrderRow, 'items' | 'address' | 'amount' | 'couponCode'>,
): boolean {
  const lines = (items: OrderItem[]) =>
    items.map((i) => [i._id, i.size, i.quantity, i.price] as const);
  return (
    row.amount === wanted.amount &&
    row.couponCode === wanted.couponCode &&
    canonical(lines(row.items)) === canonical(lines(wanted.items)) &&
    canonical(row.address) === canonical(wanted.address)
  );
}

/** The open online order a new checkout replaces: its hold ends, it is cancelled by the shop. */
async function closeReplaced(tx: Database, replaced: OrderRow, now: Date): Promise<void> {
  await endHold(tx, replaced.id, { failedAt: now });
  const reason = 'Replaced by a new checkout';
  await moveStatus(tx, {
    orderId: replaced.id,
    from: ORDER_STATUS.placed,
    to: ORDER_STATUS.cancelled,
    by: CHECKOUT,
    note: reason,
    set: { cancelledAt: now, cancelReason: reason },
    at: now,
  });
  await movePayment(tx, {
    orderId: replaced.id,
    from: 'unpaid',
    to: 'failed',
    by: CHECKOUT,
    at: now,
  });
}

/**
 * Prices the server cart and writes the order with its hold, in one transaction holding the
 * cart (docs/decisions/110). Online: the shopper's open online order for the same contents is
 * answered instead (`reused`); one for other contents is cancelled and its hold given back in
 * the same transaction. The units are held (online) or taken (cash on delivery) by conditional
 * updates; a size that falls short refuses the whole order (409), writing nothing.
 */
export function createOrder(
  deps: PlaceDeps,
  customer: Customer,
  input: PlaceInput,
  method: PaymentMethod,
): Promise<{ row: OrderRow; reused: boolean }> {
  const { db, clock, holdMs } = deps;
  return db.transaction(async (tx) => {
    await lockCart(tx, customer.id);
    const now = clock.now();
    // An unknown or unserved PIN code, or cash on delivery where it is not offered, writes nothing.
    const { deliverBy } = await assertDeliverable(tx, input.address.zipcode, method, now);
    const open = await lockOpenOnlineOrder(tx, customer.id);
    // An online checkout reuses or replaces the open order: it does not count against itself.
    const replacing = method === 'razorpay' ? open : undefined;
    const priced = await priceCart(tx, customer.id, input.couponCode ?? null, {
      countEarlierOrders,
      exceptOrderId: replacing?.id ?? null,
    });
    if (priced.lines.length === 0 || priced.totals.itemCount === 0)
      throw new AppError('invalid_data', ORDER_MESSAGES.emptyCart);
    // The browser's total is never used, only compared: a price changed since the page showed
    // it stops the order, so what the shopper saw is what is charged (docs/architecture.md §4.2).
    if (input.expectedTotal !== undefined && input.expectedTotal !== priced.totals.total)
      throw new AppError('conflict', ORDER_MESSAGES.totalChanged);
    const snapshots = await productsById(
      tx,
      priced.lines.map((l) => l.productId),
    );
    const items: OrderItem[] = priced.lines.map((line) => {
      const product = snapshots.get(line.productId);
      return {
        _id: line.productId,
        name: line.name,
        image: product?.images ?? (line.image ? [line.image] : []),
        price: line.unitPrice,
        category: product?.category ?? '',
        subCategory: product?.subCategory ?? '',
        size: line.size,
        quantity: line.quantity,
        // Snapshots for the tax invoice (docs/decisions/123-gst-invoices.md): the HSN code and
        // the MRP the product had when it was sold.
        ...(product ? { hsn: product.hsn, mrp: product.mrp } : {}),
      };
    });
    const couponCode = priced.coupon?.code ?? null;
    const wanted = { items, address: input.address, amount: priced.totals.total, couponCode };
    const live = replacing?.holdExpiresAt ? replacing.holdExpiresAt > now : false;
    if (replacing && live && sameContents(replacing, wanted))
      return { row: replacing, reused: true };
    // The replaced order closes first: the new one takes its place in the one-open-order index.
    if (replacing) await closeReplaced(tx, replacing, now);
    const online = method === 'razorpay';
    const row = await insertOrder(tx, {
      userId: customer.id,
      ...wanted,
      subtotal: priced.totals.subtotal,
      deliveryFee: priced.totals.deliveryFee,
      discount: priced.totals.discount,
      paymentMethod: method,
      payment: false,
      status: ORDER_STATUS.placed,
      createdAt: now,
      holdState: online ? 'held' : 'taken',
      holdExpiresAt: online ? new Date(now.getTime() + holdMs) : null,
      // What the delivery check just promised for this PIN code is what the order page shows.
      promisedFrom: deliverBy ? new Date(deliverBy.from) : null,
      promisedTo: deliverBy ? new Date(deliverBy.to) : null,
    });
    await appendOrderEvent(tx, {
      orderId: row.id,
      actor: 'shopper',
      actorLabel: null,
      kind: 'status',
      subjectId: null,
      from: null,
      to: ORDER_STATUS.placed,
      note: null,
      at: now,
    });
    const who = { orderId: row.id, actor: 'shopper' };
    if (deps.withoutStock) {
      // The benchmark's baseline: the same order without its stock step (decision 110).
    } else if (replacing) {
      await replaceHold(tx, stockLines(replacing.items), stockLines(items), {
        released: { orderId: replacing.id, actor: 'shopper' },
        held: who,
      });
      await releaseHeldCoupon(tx, replacing.id);
    } else if (online) await holdStock(tx, stockLines(items), who);
    else await takeStock(tx, stockLines(items), who);
    if (priced.coupon) {
      // Held like the units until the payment (online), used at once (cash on delivery); the
      // once-per-account index covers both, so it cannot be held twice.
      const recorded = await recordRedemption(tx, {
        code: priced.coupon.code,
        userId: customer.id,
        orderId: row.id,
        state: online ? 'held' : 'redeemed',
      });
      if (!recorded)
        throw new AppError('invalid_data', COUPON_MESSAGES.alreadyUsed(priced.coupon.kind));
    }
    if (!online) await removeBoughtLines(tx, customer.id, stockLines(items));
    return { row, reused: false };
  });
}

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { returnRequests } from '../../db/schema/after-sale';
import { orderEvents, orders, type OrderRow } from '../../db/schema/orders';
import { stockMovements } from '../../db/schema/stock';
import { insertOrder, insertProducts } from '../../test/fixtures';
import { tableDigests } from '../../test/db-digest';

/*
 * What the returns tests share (docs/decisions/120-returns-and-exchanges.md): delivered orders of
 * fresh products, the calls, and a digest of every table a refused request must leave alone.
 */

export const DAY_MS = 24 * 60 * 60_000;
export const REASON = 'Size too large';

/** A delivered order of new products (sizes S, M, L, `stock` units each), bought in size M. */
export async function deliveredOrder(
  db: Database,
  userId: string,
  lines: { price: number; quantity: number }[],
  options: {
    deliveryFee?: number;
    discount?: number;
    cod?: boolean;
    deliveredAt?: Date | null;
    status?: string;
    stock?: number;
  } = {},
): Promise<OrderRow> {
  const products = await insertProducts(
    db,
    lines.map(({ price }) => ({ price, sizes: ['S', 'M', 'L'] })),
    options.stock ?? 10,
  );
  const items = products.map((p, i) => ({
    _id: p.id,
    name: p.name,
    image: p.images,
    price: p.price,
    category: p.category,
    subCategory: p.subCategory,
    size: 'M',
    quantity: lines[i]!.quantity,
  }));
  const subtotal = items.reduce((a, i) => a + i.price * i.quantity, 0);
  const deliveryFee = options.deliveryFee ?? 49;
  const discount = options.discount ?? 0;
  const cod = options.cod ?? false;
  return insertOrder(db, userId, {
    items,
    subtotal,
    deliveryFee,
    discount,
    amount: subtotal + deliveryFee - discount,
    couponCode: discount > 0 ? 'TEN' : null,
    paymentMethod: cod ? 'cod' : 'razorpay',
    payment: true,
    paymentState: 'paid',
    paidAt: new Date(Date.now() - 3 * DAY_MS),
    providerPaymentId: cod ? null : `pay_${crypto.randomBytes(6).toString('hex')}`,
    holdState: 'taken',
    status: options.status ?? 'Delivered',
    deliveredAt:
      options.deliveredAt === undefined ? new Date(Date.now() - DAY_MS) : options.deliveredAt,
  });
}

export function returnCalls(app: FastifyInstance) {
  return {
    quote: (token: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/order/return/quote', headers: { token }, payload }),
    create: (token: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/order/return', headers: { token }, payload }),
    list: (token: string, view?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/admin/returns${view ? `?view=${view}` : ''}`,
        headers: { token },
      }),
    move: (token: string, id: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/returns/${id}/state`,
        headers: { token },
        payload,
      }),
  };
}

/** Every guarded table and the after-sale ones: a refused request changes none of them. */
export async function digest(db: Database): Promise<Record<string, string>> {
  const result = (await db.execute(
    sql.raw(
      ['return_requests', 'order_events', 'refunds']
        .map(
          (table) =>
            `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${table}" t`,
        )
        .join(' union all '),
    ),
  )) as unknown as { rows: { name: string; digest: string }[] };
  return {
    ...(await tableDigests(db)),
    ...Object.fromEntries(result.rows.map((row) => [row.name, row.digest])),
  };
}

export async function returnEvents(db: Database, orderId: string) {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows
    .filter((e) => e.kind === 'return')
    .map(({ actor, actorLabel, subjectId, from, to, note }) => ({
      actor,
      actorLabel,
      subjectId,
      from,
      to,
      note,
    }));
}

export async function returnRow(db: Database, id: string) {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

export async function orderRow(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** A product's ledger rows (one transaction's rows share a time: sorted by reason, then size). */
export async function ledger(db: Database, productId: string) {
  const rows = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  return rows
    .map(({ size, reason, onHandChange, heldChange, actor }) => ({
      size,
      reason,
      onHandChange,
      heldChange,
      actor,
    }))
    .sort((a, b) => a.reason.localeCompare(b.reason) || a.size.localeCompare(b.size));
}

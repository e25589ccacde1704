import { and, count, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { OVERVIEW_BASIS, type AdminOrderListQuery } from '@vastra/shared/schemas/admin';
import { rowsOf, type Database } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { indiaPeriodStarts } from './india-time';
import { neverPaidClosed } from './orders.repository';

export async function listOrdersForAdmin(
  db: Database,
  query: AdminOrderListQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.payment ? eq(orders.payment, query.payment === 'paid') : undefined,
    query.paymentMethod ? eq(orders.paymentMethod, query.paymentMethod) : undefined,
    // docs/decisions/110: by default the desk leaves out online orders never paid and closed.
    query.view === 'active' ? not(neverPaidClosed) : undefined,
    query.view === 'closed-unpaid' ? neverPaidClosed : undefined,
    query.view === 'refund-due' ? eq(orders.paymentState, 'refund_due') : undefined,
  ];
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

interface OverviewRow {
  [key: string]: unknown;
  today_orders: number | string;
  today_revenue: number | string;
  week_orders: number | string;
  week_revenue: number | string;
  waiting: number | string;
}

/**
 * The numbers of OVERVIEW_BASIS in one pass over the orders: an order "counts" when it is cash on
 * delivery or paid (an abandoned online checkout is not an order the shop has); revenue is what was
 * paid, less cancelled orders.
 */
export async function readOverview(db: Database, now: Date) {
  const { today, week } = indiaPeriodStarts(now);
  const counts = sql`(${orders.payment} or ${orders.paymentMethod} = 'cod')`;
  const earns = sql`(${orders.payment} and ${orders.status} <> ${ORDER_STATUS.cancelled})`;
  const result = await db.execute<OverviewRow>(sql`
    select
      count(*) filter (where ${orders.createdAt} >= ${today} and ${counts}) as today_orders,
      coalesce(sum(${orders.amount}) filter (where ${orders.createdAt} >= ${today} and ${earns}), 0) as today_revenue,
      count(*) filter (where ${orders.createdAt} >= ${week} and ${counts}) as week_orders,
      coalesce(sum(${orders.amount}) filter (where ${orders.createdAt} >= ${week} and ${earns}), 0) as week_revenue,
      count(*) filter (where ${orders.status} = ${ORDER_STATUS.placed} and ${counts}) as waiting
    from ${orders}`);
  const row = rowsOf<OverviewRow>(result)[0];
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    today: {
      from: today.toISOString(),
      orders: n(row?.today_orders),
      revenue: n(row?.today_revenue),
    },
    week: { from: week.toISOString(), orders: n(row?.week_orders), revenue: n(row?.week_revenue) },
    waitingForPacking: n(row?.waiting),
    basis: { ...OVERVIEW_BASIS },
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '@vastra/shared/api/endpoints';
import { OVERVIEW_BASIS } from '@vastra/shared/schemas/admin';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { routeOf } from '../../lib/endpoint-route';
import { indiaPeriodStarts } from './india-time';

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
  // node-postgres answers { rows }, PGlite an array-like result with rows too.
  const rows = (
    Array.isArray(result) ? result : (result as { rows: OverviewRow[] }).rows
  ) as OverviewRow[];
  const row = rows[0];
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

export async function adminOverviewRoutes(
  app: FastifyInstance,
  opts: { db: Database; clock: Clock },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.admin.overview),
    handler: async () => ({
      success: true as const,
      overview: await readOverview(opts.db, opts.clock.now()),
    }),
  });
}

import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@vastra/shared/schemas/order';
import type { AdminOrderListQuery } from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

export interface OrderWithUser {
  order: OrderRow;
  user: { id: string; name: string; email: string };
}

const selection = {
  order: orders,
  user: { id: users.id, name: users.name, email: users.email },
};

export async function listOrdersForAdmin(
  db: Database,
  query: AdminOrderListQuery,
): Promise<{ rows: OrderWithUser[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.payment ? eq(orders.payment, query.payment === 'paid') : undefined,
    query.paymentMethod ? eq(orders.paymentMethod, query.paymentMethod) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(selection)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}

export async function findOrderWithUser(
  db: Database,
  id: string,
): Promise<OrderWithUser | undefined> {
  const [row] = await db
    .select(selection)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/**
 * Moves an order from `from` to `to` only if it is still at `from` (and, when the step needs it,
 * still paid): two admins clicking at once cannot both move it, nor skip a step between them.
 */
export async function moveOrderStatus(
  db: Database,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  opts: { requirePaid: boolean },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, from),
        opts.requirePaid ? eq(orders.payment, true) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Cash received at the door: once, and only at one of `statuses`. */
export async function markCodPaid(
  db: Database,
  id: string,
  statuses: readonly OrderStatus[],
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ payment: true, paidAt: at })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paymentMethod, 'cod'),
        eq(orders.payment, false),
        inArray(orders.status, [...statuses]),
      ),
    )
    .returning();
  return row;
}

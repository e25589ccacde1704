import type { AdminOrder, AdminOrderListQuery } from '@vastra/shared/schemas/admin';
import {
  COD_PAYABLE_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUS,
  ORDER_STATUS_MESSAGES,
  ORDER_STATUS_STEPS,
  checkStatusChange,
  isOrderStatus,
  type OrderStatus,
} from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import { releaseCancelledOrder, toOrderSummary } from './orders.service';
import { accountContacts, type AccountContact } from '../auth/auth.service';
import {
  findOrder,
  listOrdersForAdmin,
  markCodPaid,
  moveOrderStatus,
  readOverview,
} from './admin-orders.repository';
import { statusChangeMail } from './order-status-mail';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';

interface OrderWithUser {
  order: OrderRow;
  user: AccountContact;
}

/** Each order with the account that placed it (every order has one: deleting an account deletes its orders). */
async function withUsers(db: Database, rows: readonly OrderRow[]): Promise<OrderWithUser[]> {
  const users = await accountContacts(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap((order) => {
    const user = users.get(order.userId);
    return user ? [{ order, user }] : [];
  });
}

async function findOrderWithUser(db: Database, id: string): Promise<OrderWithUser | undefined> {
  const order = await findOrder(db, id);
  return order && (await withUsers(db, [order]))[0];
}

function canMarkPaid(order: OrderRow): boolean {
  return (
    order.paymentMethod === 'cod' &&
    !order.payment &&
    (COD_PAYABLE_STATUSES as readonly string[]).includes(order.status)
  );
}

function toAdminOrder({ order, user }: OrderWithUser, now: Date): AdminOrder {
  const steps = isOrderStatus(order.status) ? ORDER_STATUS_STEPS[order.status] : [];
  return {
    ...toOrderSummary(order, now),
    user: { _id: user.id, name: user.name, email: user.email },
    paidAt: order.paidAt?.getTime() ?? null,
    nextStatuses: steps.filter((to) => checkStatusChange(order, to).ok),
    canMarkPaid: canMarkPaid(order),
    paymentState: order.paymentState,
    holdState: order.holdState,
  };
}

const notFound = () => new AppError('not_found', ORDER_MESSAGES.notFound);

/** The admin's order desk: the list, one step at a time along the statuses, cash received. */
export function createAdminOrdersService(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
}) {
  const { db, clock, mailer, log } = deps;

  return {
    async list(query: AdminOrderListQuery) {
      const { rows, total } = await listOrdersForAdmin(db, query);
      const now = clock.now();
      return {
        orders: (await withUsers(db, rows)).map((row) => toAdminOrder(row, now)),
        total,
      };
    },

    /** The overview's numbers, counted in India's days and weeks. */
    overview() {
      return readOverview(db, clock.now());
    },

    /** `actor`: the admin's e-mail, for the stock ledger when a cancellation releases a hold. */
    async changeStatus(id: string, to: OrderStatus, actor: string): Promise<AdminOrder> {
      const found = await findOrderWithUser(db, id);
      if (!found) throw notFound();
      const { order } = found;
      const verdict = checkStatusChange(order, to);
      if (!verdict.ok) throw new AppError('conflict', verdict.message);
      const moved = await db.transaction(async (tx) => {
        const row = await moveOrderStatus(tx, id, order.status as OrderStatus, to, {
          requirePaid: to === ORDER_STATUS.packing && order.paymentMethod === 'razorpay',
        });
        // A cancelled unpaid online order gives its units and coupon back at once (decision 110).
        if (row && to === ORDER_STATUS.cancelled) {
          await releaseCancelledOrder(tx, id, actor);
          return (await findOrder(tx, id)) ?? row;
        }
        return row;
      });
      if (!moved) {
        // Another admin (or the payment sweep) changed it between the read and the update.
        const now = await findOrderWithUser(db, id);
        throw new AppError(
          'conflict',
          ORDER_STATUS_MESSAGES.changedMeanwhile(now?.order.status ?? 'gone'),
        );
      }
      log.info({ orderId: id, from: order.status, to }, 'order status changed');
      // Best effort, as the confirmation: a mail failure never undoes the step.
      mailer.send(statusChangeMail(moved, to, found.user)).catch((error: unknown) => {
        log.warn({ err: error, orderId: id }, 'order status e-mail not sent');
      });
      return toAdminOrder({ order: moved, user: found.user }, clock.now());
    },

    async markPaid(id: string): Promise<AdminOrder> {
      const found = await findOrderWithUser(db, id);
      if (!found) throw notFound();
      const paid = await markCodPaid(db, id, COD_PAYABLE_STATUSES, clock.now());
      if (paid) {
        log.info({ orderId: id }, 'cash-on-delivery order marked paid');
        shopMetrics.ordersPaid.inc({ payment: 'cod' });
        return toAdminOrder({ order: paid, user: found.user }, clock.now());
      }
      // Refused: say why, from the order as it is now.
      const { order } = (await findOrderWithUser(db, id)) ?? found;
      if (order.paymentMethod !== 'cod')
        throw new AppError('invalid_data', ORDER_STATUS_MESSAGES.notCod);
      if (order.payment) throw new AppError('conflict', ORDER_STATUS_MESSAGES.alreadyPaid);
      throw new AppError('conflict', ORDER_STATUS_MESSAGES.codNotDelivered);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

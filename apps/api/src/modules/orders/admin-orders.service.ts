import type { AdminOrder, AdminOrderListQuery } from '@vastra/shared/schemas/admin';
import {
  COD_PAYABLE_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUS,
  ORDER_STATUS_MESSAGES,
  ORDER_STATUS_STEPS,
  SHIPPING_NEEDS_TRACKING,
  checkStatusChange,
  isOrderStatus,
  type OrderStatus,
} from '@vastra/shared/schemas/order';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { AdminOrderDetail, AdminStatusChange } from '@vastra/shared/schemas/order-life';
import type { RefundDesk } from '../refunds/refund-desk';
import { invoicePdfAttachment } from '../tax/document-file';
import type { TaxDesk } from '../tax/tax-desk';
import { accountContacts, type AccountContact } from '../auth/auth.service';
import { cancelOrder, type Cancelled } from './cancel-order';
import { findOrder, listOrdersForAdmin, readOverview } from './admin-orders.repository';
import { readOrderDetail } from './order-detail';
import { cancellationMail } from './order-mail';
import { toOrderSummary } from './order-summary';
import { moveStatus, movePayment } from './order-transitions';
import { lockOrder } from './orders.repository';
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

/** What the admin sends with a step: the courier and tracking number to ship, a note or reason. */
export type StatusChange = Pick<AdminStatusChange, 'courier' | 'trackingNumber' | 'note'>;

/** The columns a step writes besides the status (docs/decisions/118-order-life.md). */
function stepColumns(to: OrderStatus, change: StatusChange, now: Date) {
  if (to === ORDER_STATUS.shipped) {
    if (!change.courier || !change.trackingNumber)
      throw new AppError('invalid_data', SHIPPING_NEEDS_TRACKING);
    return { courier: change.courier, trackingNumber: change.trackingNumber, shippedAt: now };
  }
  if (to === ORDER_STATUS.delivered) return { deliveredAt: now };
  return {};
}

/** The admin's order desk: the list, one order, one step at a time along the statuses, cash received. */
export function createAdminOrdersService(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** Sends the refunds a cancellation asks for, once its transaction commits (refunds module). */
  refunds: RefundDesk;
  /**
   * Invoices a cash-on-delivery order when it is delivered, in the step's transaction, and writes
   * the credit note of a cancellation's refund (the tax module).
   */
  tax: TaxDesk;
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

    /** One order with its customer and its whole history, who exactly included. */
    async detail(id: string): Promise<AdminOrderDetail> {
      const found = await findOrderWithUser(db, id);
      if (!found) throw notFound();
      const { order, user } = found;
      const admin = toAdminOrder(found, clock.now());
      return {
        ...(await readOrderDetail(db, order, clock.now())),
        user: { _id: user.id, name: user.name, email: user.email },
        nextStatuses: admin.nextStatuses,
        canMarkPaid: admin.canMarkPaid,
        holdState: order.holdState,
      };
    },

    /** The overview's numbers, counted in India's days and weeks. */
    overview() {
      return readOverview(db, clock.now());
    },

    /**
     * One step along FULFILMENT_TRANSITIONS, from the status the order has now (a step another
     * admin or the sweep made meanwhile is a 409). Shipped needs the courier and tracking number;
     * Cancelled gives the units and coupon back and refunds a paid online order in full.
     * `actor`: the admin's e-mail, for the history and the stock ledger.
     */
    async changeStatus(
      id: string,
      to: OrderStatus,
      actor: string,
      change: StatusChange = {},
    ): Promise<AdminOrder> {
      const found = await findOrderWithUser(db, id);
      if (!found) throw notFound();
      const verdict = checkStatusChange(found.order, to);
      if (!verdict.ok) throw new AppError('conflict', verdict.message);
      const now = clock.now();
      const columns = stepColumns(to, change, now);
      const by = { actor: 'admin' as const, label: actor };
      const note = change.note ?? null;
      const moved: Cancelled = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw notFound();
        // Another admin (or the sweep, or the shopper) changed it between the read and the lock.
        if (order.status !== found.order.status || !checkStatusChange(order, to).ok)
          throw new AppError('conflict', ORDER_STATUS_MESSAGES.changedMeanwhile(order.status));
        if (to === ORDER_STATUS.cancelled)
          return cancelOrder(tx, order, {
            by,
            stockActor: actor,
            reason: note,
            now,
            tax: deps.tax,
          });
        const row = await moveStatus(tx, {
          orderId: id,
          from: order.status as OrderStatus,
          to,
          by,
          note,
          set: columns,
          at: now,
        });
        // Delivered: the goods are supplied. Cash on delivery is invoiced now; an online order
        // was at its payment (issueInvoice answers that one, or writes it if it somehow lacks it).
        if (to === ORDER_STATUS.delivered) await deps.tax.issueInvoice(tx, row, now);
        return { row, refundId: null, refundPaise: 0 };
      });
      const { row, refundId, refundPaise } = moved;
      if (refundId) deps.refunds.issueSoon(refundId);
      log.info({ orderId: id, from: found.order.status, to }, 'order status changed');
      // Best effort, as the confirmation: a mail failure never undoes the step. The Delivered
      // mail carries the tax invoice as a PDF (docs/decisions/124-tax-invoices-api.md).
      const warn = (error: unknown) =>
        log.warn({ err: error, orderId: id }, 'order status e-mail not sent');
      if (to === ORDER_STATUS.cancelled)
        mailer.send(cancellationMail(row, found.user, refundPaise)).catch(warn);
      else
        void (async () => {
          const mail = statusChangeMail(row, to, found.user);
          const invoice =
            to === ORDER_STATUS.delivered ? await invoicePdfAttachment(db, row) : null;
          await mailer.send(invoice ? { ...mail, attachments: [invoice] } : mail);
        })().catch(warn);
      return toAdminOrder({ order: row, user: found.user }, clock.now());
    },

    /** Cash received at the door: unpaid → paid by the admin, once, at or after delivery. */
    async markPaid(id: string, actor: string): Promise<AdminOrder> {
      const found = await findOrderWithUser(db, id);
      if (!found) throw notFound();
      const paid = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw notFound();
        if (order.paymentMethod !== 'cod')
          throw new AppError('invalid_data', ORDER_STATUS_MESSAGES.notCod);
        if (order.payment) throw new AppError('conflict', ORDER_STATUS_MESSAGES.alreadyPaid);
        if (!canMarkPaid(order))
          throw new AppError('conflict', ORDER_STATUS_MESSAGES.codNotDelivered);
        const now = clock.now();
        return movePayment(tx, {
          orderId: id,
          from: order.paymentState,
          to: 'paid',
          by: { actor: 'admin', label: actor },
          set: { payment: true, paidAt: now },
          at: now,
        });
      });
      log.info({ orderId: id }, 'cash-on-delivery order marked paid');
      shopMetrics.ordersPaid.inc({ payment: 'cod' });
      return toAdminOrder({ order: paid, user: found.user }, clock.now());
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

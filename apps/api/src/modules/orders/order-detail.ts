import { taxDocumentPaths } from '@vastra/shared/schemas/tax-documents';
import { toDocumentSummary } from '../tax/document-summary';
import { documentsOfOrder } from '../tax/tax-documents.repository';
import { expectedDeliveryWindow } from '@vastra/shared/order-life/delivery-window';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type { AdminOrderEvent, OrderDetail } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { OrderEventRow, OrderRow } from '../../db/schema/orders';
import { refundsOfOrder } from '../refunds/refund-answer';
import { returnWindowEndsAt } from '../returns/returnable';
import { returnsOfOrder } from '../returns/returns.service';
import { cancelRefundPaise, shopperCancelRefusal } from './cancel-order';
import { listOrderEvents } from './order-events.repository';
import { toOrderSummary } from './order-summary';

/*
 * One order as its page reads it (docs/decisions/118-order-life.md): the summary, the shipment,
 * the promised delivery window, the history, refunds and returns, and what the shopper may do now.
 */

const ms = (date: Date | null) => date?.getTime() ?? null;

/** The admin's history entry: who exactly, besides which actor. */
function toAdminEvent(row: OrderEventRow): AdminOrderEvent {
  return {
    at: row.at.getTime(),
    by: row.actor,
    kind: row.kind,
    from: row.from,
    to: row.to,
    note: row.note,
    actorLabel: row.actorLabel,
  };
}

/**
 * The window promised at checkout (its PIN code's extra days and the shop's holidays counted);
 * an order from before promises were kept is counted again, Sundays only. No window once it is
 * delivered or closed.
 */
function expectedDelivery(row: OrderRow): OrderDetail['expectedDelivery'] {
  const closed: readonly string[] = [
    ORDER_STATUS.delivered,
    ORDER_STATUS.cancelled,
    ORDER_STATUS.paymentFailed,
  ];
  if (closed.includes(row.status)) return null;
  if (row.promisedFrom && row.promisedTo)
    return { from: row.promisedFrom.getTime(), to: row.promisedTo.getTime() };
  return expectedDeliveryWindow(row.createdAt.getTime());
}

/**
 * The order's detail with its history as the admin reads it (`actorLabel` on each event); the
 * shopper's answer drops the labels (orderDetailFor).
 */
export async function readOrderDetail(
  db: Database,
  row: OrderRow,
  now: Date,
): Promise<Omit<OrderDetail, 'timeline'> & { timeline: AdminOrderEvent[] }> {
  const [events, refunds, { returns, returnable }, documents] = await Promise.all([
    listOrderEvents(db, row.id),
    refundsOfOrder(db, row.id),
    returnsOfOrder(db, row, now),
    documentsOfOrder(db, row.id),
  ]);
  const cancel = shopperCancelRefusal(row) === null;
  return {
    ...toOrderSummary(row, now),
    paidWith: row.paidWith,
    paidAt: ms(row.paidAt),
    shipment:
      row.courier && row.trackingNumber && row.shippedAt
        ? {
            courier: row.courier,
            trackingNumber: row.trackingNumber,
            shippedAt: row.shippedAt.getTime(),
          }
        : null,
    deliveredAt: ms(row.deliveredAt),
    expectedDelivery: expectedDelivery(row),
    cancelReason: row.cancelReason,
    returnWindowEndsAt: ms(returnWindowEndsAt(row)),
    timeline: events.map(toAdminEvent),
    refunds,
    returns,
    documents: documents.map((d) => toDocumentSummary(d, documents, taxDocumentPaths.admin(d.id))),
    actions: {
      cancel,
      cancelRefundPaise: cancel ? cancelRefundPaise(row) : 0,
      returnable,
    },
  };
}

/** The shopper's order page: the history without who exactly (never an admin's e-mail). */
export async function orderDetailFor(db: Database, row: OrderRow, now: Date): Promise<OrderDetail> {
  const detail = await readOrderDetail(db, row, now);
  return {
    ...detail,
    timeline: detail.timeline.map(({ actorLabel: _label, ...event }) => event),
    documents: detail.documents.map((d) => ({
      ...d,
      pdfUrl: taxDocumentPaths.shopper(row.id, d._id),
    })),
  };
}

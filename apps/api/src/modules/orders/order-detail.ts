import { expectedDeliveryWindow } from '@vastra/shared/order-life/delivery-window';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type {
  AdminOrderEvent,
  OrderDetail,
  Refund,
  ReturnRequest,
} from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { RefundRow, ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderEventRow, OrderRow } from '../../db/schema/orders';
import { listRefundsOfOrder } from '../refunds/refunds.repository';
import { returnableLines, returnWindowEndsAt } from '../returns/returnable';
import { listReturnsOfOrder } from '../returns/returns.repository';
import { cancelRefundPaise, shopperCancelRefusal } from './cancel-order';
import { listOrderEvents } from './order-events.repository';
import { toOrderSummary } from './order-summary';

/*
 * One order as its page reads it (docs/decisions/118-order-life.md): the summary, the shipment,
 * the promised delivery window, the history, refunds and returns, and what the shopper may do now.
 */

const ms = (date: Date | null) => date?.getTime() ?? null;

function toRefund(row: RefundRow): Refund {
  return {
    _id: row.id,
    amountPaise: row.amountPaise,
    status: row.status,
    method: row.method,
    reason: row.reason,
    returnId: row.returnId,
    reference: row.providerRefundId ?? row.payoutReference,
    upiId: row.upiId,
    createdAt: row.createdAt.getTime(),
    processedAt: ms(row.processedAt),
  };
}

function toReturnRequest(row: ReturnRequestRow): ReturnRequest {
  return {
    _id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    state: row.state,
    reason: row.reason,
    comment: row.comment,
    lines: row.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image,
      size: line.size,
      quantity: line.quantity,
      exchangeSize: line.exchangeSize,
    })),
    refundPaise: row.refundPaise,
    upiId: row.upiId,
    adminNote: row.adminNote,
    exchangeShipment:
      row.exchangeShippedAt && row.exchangeCourier && row.exchangeTrackingNumber
        ? {
            courier: row.exchangeCourier,
            trackingNumber: row.exchangeTrackingNumber,
            shippedAt: row.exchangeShippedAt.getTime(),
          }
        : null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The admin's history entry: who exactly, besides which actor. */
export function toAdminEvent(row: OrderEventRow): AdminOrderEvent {
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

/** No window once it is delivered or closed. */
function expectedDelivery(row: OrderRow): OrderDetail['expectedDelivery'] {
  const closed: readonly string[] = [
    ORDER_STATUS.delivered,
    ORDER_STATUS.cancelled,
    ORDER_STATUS.paymentFailed,
  ];
  return closed.includes(row.status) ? null : expectedDeliveryWindow(row.createdAt.getTime());
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
  const [events, refunds, returns] = await Promise.all([
    listOrderEvents(db, row.id),
    listRefundsOfOrder(db, row.id),
    listReturnsOfOrder(db, row.id),
  ]);
  const returnable = await returnableLines(db, row, returns, now);
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
    refunds: refunds.map(toRefund),
    returns: returns.map(toReturnRequest),
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
  };
}

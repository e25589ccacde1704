import type { Refund } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import type { RefundRow } from '../../db/schema/after-sale';
import { listRefundsOfOrder } from './refunds.repository';

/** A refund as the shopper's order page and the admin's desk read it. */
export function toRefund(row: RefundRow): Refund {
  return {
    _id: row.id,
    amountPaise: row.amountPaise,
    status: row.status,
    method: row.method,
    reason: row.reason,
    returnId: row.returnId,
    reference: row.method === 'upi_payout' ? row.payoutReference : row.providerRefundId,
    upiId: row.upiId,
    createdAt: row.createdAt.getTime(),
    processedAt: row.processedAt?.getTime() ?? null,
  };
}

/** The order's refunds, oldest first (the order page). */
export async function refundsOfOrder(db: Database, orderId: string): Promise<Refund[]> {
  return (await listRefundsOfOrder(db, orderId)).map(toRefund);
}

import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import { PAYMENT_STATE, type PaymentState } from '@vastra/shared/order-life/payment-state';
import type { PaymentMethod } from '@vastra/shared/schemas/order';
import type { TaxDocumentSummary } from '@vastra/shared/schemas/tax-documents';

/**
 * How the order pages name an order's tax documents, and when its invoice is still to come
 * (docs/decisions/123-gst-invoices.md: an online order is invoiced when its payment settles, a
 * cash-on-delivery order when it is delivered).
 */

export const TAX_DOCUMENT_TEXT = {
  title: 'Tax documents',
  download: 'Download PDF',
  downloading: 'Downloading…',
  shopperPending: {
    paid: 'Your tax invoice will be available once the order is paid.',
    delivered: 'Your tax invoice will be available once the order is delivered.',
  },
  adminPending: {
    paid: 'No tax invoice yet: it is issued when the payment settles.',
    delivered: 'No tax invoice yet: it is issued when the order is delivered.',
  },
} as const;

/** `Tax invoice`, `Credit note`. */
export function documentKindLabel(kind: TaxDocumentSummary['kind']): string {
  return kind === 'invoice' ? 'Tax invoice' : 'Credit note';
}

export interface InvoiceDueOrder {
  status: string;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  deliveredAt: number | null;
  documents: readonly TaxDocumentSummary[];
}

/**
 * What the order's invoice still waits for: its payment (online) or its delivery (cash on
 * delivery); null when it has one, or will have none (cancelled, payment failed, money owed
 * back, or an order from before invoices that is already paid or delivered).
 */
export function invoiceDue(order: InvoiceDueOrder): 'paid' | 'delivered' | null {
  if (order.documents.some((d) => d.kind === 'invoice')) return null;
  if (order.status === ORDER_STATUS.cancelled || order.status === ORDER_STATUS.paymentFailed)
    return null;
  if (order.paymentMethod === 'cod')
    return order.deliveredAt === null && order.status !== ORDER_STATUS.delivered
      ? 'delivered'
      : null;
  return order.paymentState === PAYMENT_STATE.unpaid ? 'paid' : null;
}

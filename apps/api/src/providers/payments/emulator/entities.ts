import crypto from 'node:crypto';
import type {
  EmulatorOrderRow,
  EmulatorPaymentRow,
  EmulatorRefundRow,
} from '../../../db/schema/razorpay-emulator';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `order_…`, `pay_…`, `rfnd_…`: a prefix and 14 random base62 characters, like Razorpay's ids. */
export function newId(prefix: 'order' | 'pay' | 'rfnd' | 'card' | ''): string {
  let id = '';
  for (const byte of crypto.randomBytes(14)) id += BASE62[byte % 62];
  return prefix ? `${prefix}_${id}` : id;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Razorpay's Order entity (GET /v1/orders/:id). */
export function orderEntity(row: EmulatorOrderRow) {
  return {
    id: row.id,
    entity: 'order' as const,
    amount: row.amount,
    amount_paid: row.amountPaid,
    amount_due: row.amount - row.amountPaid,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: row.notes,
    created_at: unix(row.createdAt),
  };
}

/** Razorpay's Payment entity (GET /v1/payments/:id), auto-captured as Razorpay's default. */
export function paymentEntity(row: EmulatorPaymentRow) {
  // A refunded payment stays captured at Razorpay; `status` says refunded once all went back.
  const captured = row.status === 'captured' || row.status === 'refunded';
  return {
    id: row.id,
    entity: 'payment' as const,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    invoice_id: null,
    international: false,
    method: row.method,
    amount_refunded: row.amountRefunded,
    refund_status:
      row.amountRefunded === 0 ? null : row.amountRefunded >= row.amount ? 'full' : 'partial',
    captured,
    description: null,
    card_id: row.method === 'card' ? `card_${row.id.slice(4)}` : null,
    card:
      row.method === 'card'
        ? { last4: row.cardLast4, network: row.cardNetwork, type: 'credit', international: false }
        : undefined,
    bank: null,
    wallet: null,
    vpa: row.vpa,
    email: row.email,
    contact: row.contact,
    notes: [],
    fee: captured ? Math.round(row.amount * 0.02) : null,
    tax: captured ? Math.round(row.amount * 0.02 * 0.18) : null,
    error_code: row.errorCode,
    error_description: row.errorDescription,
    error_source: row.errorCode ? 'bank' : null,
    error_step: row.errorCode ? 'payment_authorization' : null,
    error_reason: row.errorReason,
    acquirer_data: captured && row.method === 'upi' ? { rrn: String(unix(row.createdAt)) } : {},
    created_at: unix(row.createdAt),
  };
}

/** Razorpay's Refund entity (GET /v1/refunds/:id). */
export function refundEntity(row: EmulatorRefundRow) {
  return {
    id: row.id,
    entity: 'refund' as const,
    amount: row.amount,
    currency: row.currency,
    payment_id: row.paymentId,
    notes: row.notes,
    receipt: row.receipt,
    acquirer_data: { arn: row.status === 'processed' ? `ARN${unix(row.createdAt)}` : null },
    created_at: unix(row.createdAt),
    batch_id: null,
    status: row.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

export interface RazorpayErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
}

/** Razorpay's error answer: `{ error: { code, description, source, step, reason, metadata } }`. */
export function razorpayError(
  description: string,
  extra: Partial<RazorpayErrorBody['error']> = {},
): RazorpayErrorBody {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...extra,
    },
  };
}

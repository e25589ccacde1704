import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  razorpayEmulatorOrders,
  razorpayEmulatorPayments,
  razorpayEmulatorRefunds,
  type EmulatorOrderRow,
  type EmulatorPaymentRow,
  type EmulatorRefundRow,
} from '../../../db/schema/razorpay-emulator';
import type { RazorpayKeys } from '../sandbox-keys';
import { paymentSignature } from '../signatures';
import {
  newId,
  orderEntity,
  paymentEntity,
  razorpayError,
  refundEntity,
  type RazorpayErrorBody,
} from './entities';
import type { WebhookSender } from './webhooks';

/**
 * Test instruments, as in Razorpay's test mode (README, decision 060). The emulator's own two:
 * the first refund of a payment made with the card 4000 0000 0000 0077 (known by its last four
 * digits) or the UPI ID refundfail@razorpay fails (`refund.failed`); a later refund of it is
 * processed, so a retry can be seen to work (decision 119).
 */
const TEST_INSTRUMENTS = {
  cardSucceeds: '4111111111111111',
  cardDeclined: '4000000000000002',
  cardRefundFails: '4000000000000077',
  upiSucceeds: 'success@razorpay',
  upiFails: 'failure@razorpay',
  upiRefundFails: 'refundfail@razorpay',
} as const;

function refundsFail(payment: EmulatorPaymentRow): boolean {
  if (payment.method === 'upi')
    return payment.vpa?.toLowerCase() === TEST_INSTRUMENTS.upiRefundFails;
  return payment.cardLast4 === TEST_INSTRUMENTS.cardRefundFails.slice(-4);
}

export interface RefundInput {
  paymentId: string;
  /** Paise; the whole unrefunded rest when absent. */
  amount?: number | undefined;
  notes?: Record<string, string> | undefined;
  receipt?: string | undefined;
  /** `X-Refund-Idempotency`: the same key answers the same refund. */
  idempotencyKey?: string | undefined;
}

export type RefundResult =
  { ok: true; refund: EmulatorRefundRow } | { ok: false; status: number; body: RazorpayErrorBody };

const refundError = (description: string, field?: string) =>
  razorpayError(description, {
    step: 'NA',
    source: 'business',
    reason: 'input_validation_failed',
    ...(field ? { field } : {}),
  });

export type PayInput = {
  orderId: string;
  email?: string | undefined;
  contact?: string | undefined;
  /** The shopper pressed "Simulate a failed payment". */
  simulateFailure?: boolean | undefined;
} & (
  | { method: 'upi'; vpa: string }
  | { method: 'card'; card: { number: string; expiry: string; cvv: string } }
);

interface PaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export type PayResult =
  { ok: true; response: PaySuccess } | { ok: false; status: number; body: RazorpayErrorBody };

const VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardNetwork(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(60|65|81|82|508)/.test(digits)) return 'RuPay';
  return 'Unknown';
}

/** What the widget also checks, checked again here: the server is the authority. */
function checkInstrument(input: PayInput, now: Date): RazorpayErrorBody | undefined {
  if (input.method === 'upi') {
    if (!VPA.test(input.vpa.trim())) {
      return razorpayError('Invalid VPA. Please enter a valid Virtual Payment Address', {
        field: 'vpa',
      });
    }
    return undefined;
  }
  const digits = input.card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return razorpayError('Your card number is invalid.', { field: 'card[number]' });
  }
  const expiry = input.card.expiry.match(/^(\d{2})\s*\/\s*(\d{2})$/);
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    return razorpayError('Your card expiry date is invalid.', { field: 'card[expiry]' });
  }
  if (!/^\d{3,4}$/.test(input.card.cvv)) {
    return razorpayError('Your card CVV is invalid.', { field: 'card[cvv]' });
  }
  return undefined;
}

function declineOf(input: PayInput): { code: string; description: string; reason: string } | null {
  if (input.simulateFailure) {
    return {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed because the shopper chose to fail it in the test checkout.',
      reason: 'payment_failed',
    };
  }
  if (
    input.method === 'card' &&
    input.card.number.replace(/[\s-]/g, '') === TEST_INSTRUMENTS.cardDeclined
  ) {
    return {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment has been declined as the card was declined by the bank.',
      reason: 'card_declined',
    };
  }
  if (input.method === 'upi' && input.vpa.trim().toLowerCase() === TEST_INSTRUMENTS.upiFails) {
    return {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment was unsuccessful as the UPI request was declined.',
      reason: 'payment_declined',
    };
  }
  return null;
}

export interface Emulator {
  readonly keys: RazorpayKeys;
  readonly webhooks: WebhookSender;
  createOrder(input: {
    amount: number;
    currency: string;
    receipt?: string | undefined;
    notes?: Record<string, string> | undefined;
  }): Promise<EmulatorOrderRow>;
  findOrder(id: string): Promise<EmulatorOrderRow | undefined>;
  findPayment(id: string): Promise<EmulatorPaymentRow | undefined>;
  orderPayments(orderId: string): Promise<EmulatorPaymentRow[]>;
  /** What the checkout widget's Pay button does: one attempt, captured or failed. */
  pay(input: PayInput): Promise<PayResult>;
  /**
   * POST /v1/payments/:id/refund: refunds what is left of a captured payment, at most; processes it
   * at once (webhooks `refund.created`, then `refund.processed` or `refund.failed`) and answers the
   * refund as created.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  paymentRefunds(paymentId: string): Promise<EmulatorRefundRow[]>;
  findRefund(id: string): Promise<EmulatorRefundRow | undefined>;
}

export function createEmulator(opts: {
  db: Database;
  keys: RazorpayKeys;
  webhooks: WebhookSender;
  now?: () => Date;
}): Emulator {
  const { db, keys, webhooks } = opts;
  const now = opts.now ?? (() => new Date());

  async function refundByKey(key: string): Promise<EmulatorRefundRow | undefined> {
    const [row] = await db
      .select()
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.idempotencyKey, key));
    return row;
  }

  /** Razorpay answers a repeated key with the refund it made, if the request is the same. */
  function sameRequest(earlier: EmulatorRefundRow, input: RefundInput): RefundResult {
    const same =
      earlier.paymentId === input.paymentId &&
      (input.amount === undefined || input.amount === earlier.amount);
    return same
      ? { ok: true, refund: earlier }
      : {
          ok: false,
          status: 400,
          body: refundError(
            'Different request with the same idempotency key has already been processed.',
          ),
        };
  }

  async function hasFailedRefund(tx: Database, paymentId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: razorpayEmulatorRefunds.id })
      .from(razorpayEmulatorRefunds)
      .where(
        and(
          eq(razorpayEmulatorRefunds.paymentId, paymentId),
          eq(razorpayEmulatorRefunds.status, 'failed'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async function sendRefundEvent(
    event: 'refund.created' | 'refund.processed' | 'refund.failed',
    refund: EmulatorRefundRow,
  ): Promise<void> {
    const [payment] = await db
      .select()
      .from(razorpayEmulatorPayments)
      .where(eq(razorpayEmulatorPayments.id, refund.paymentId));
    await webhooks.send(event, {
      refund: { entity: refundEntity(refund) },
      ...(payment ? { payment: { entity: paymentEntity(payment) } } : {}),
    });
  }

  /** The bank's answer: processed, or failed and its amount refundable again. */
  async function settle(refund: EmulatorRefundRow, to: 'processed' | 'failed'): Promise<void> {
    const settled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(razorpayEmulatorRefunds)
        .set({ status: to, processedAt: to === 'processed' ? now() : null })
        .where(
          and(
            eq(razorpayEmulatorRefunds.id, refund.id),
            eq(razorpayEmulatorRefunds.status, 'pending'),
          ),
        )
        .returning();
      if (row && to === 'failed') {
        await tx
          .update(razorpayEmulatorPayments)
          .set({
            amountRefunded: sql`${razorpayEmulatorPayments.amountRefunded} - ${row.amount}`,
            status: 'captured',
          })
          .where(eq(razorpayEmulatorPayments.id, row.paymentId));
      }
      return row;
    });
    if (settled)
      await sendRefundEvent(to === 'processed' ? 'refund.processed' : 'refund.failed', settled);
  }

  return {
    keys,
    webhooks,
    async createOrder(input) {
      const [row] = await db
        .insert(razorpayEmulatorOrders)
        .values({
          id: newId('order'),
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt ?? null,
          notes: input.notes ?? {},
        })
        .returning();
      if (!row) throw new Error('order insert returned nothing');
      return row;
    },
    async findOrder(id) {
      const [row] = await db
        .select()
        .from(razorpayEmulatorOrders)
        .where(eq(razorpayEmulatorOrders.id, id));
      return row;
    },
    async findPayment(id) {
      const [row] = await db
        .select()
        .from(razorpayEmulatorPayments)
        .where(eq(razorpayEmulatorPayments.id, id));
      return row;
    },
    orderPayments(orderId) {
      return db
        .select()
        .from(razorpayEmulatorPayments)
        .where(eq(razorpayEmulatorPayments.orderId, orderId))
        .orderBy(asc(razorpayEmulatorPayments.createdAt), asc(razorpayEmulatorPayments.id));
    },
    async pay(input) {
      const invalid = checkInstrument(input, now());
      if (invalid) return { ok: false, status: 400, body: invalid };
      const decline = declineOf(input);
      const digits = input.method === 'card' ? input.card.number.replace(/[\s-]/g, '') : '';

      // One transaction with the order row locked: two Pay clicks cannot both capture.
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(razorpayEmulatorOrders)
          .where(eq(razorpayEmulatorOrders.id, input.orderId))
          .for('update');
        if (!order) {
          return { error: razorpayError('The id provided does not exist', { field: 'order_id' }) };
        }
        if (order.status === 'paid') {
          return { error: razorpayError('Order has already been paid', { field: 'order_id' }) };
        }
        const [payment] = await tx
          .insert(razorpayEmulatorPayments)
          .values({
            id: newId('pay'),
            orderId: order.id,
            amount: order.amount,
            currency: order.currency,
            status: decline ? 'failed' : 'captured',
            method: input.method,
            vpa: input.method === 'upi' ? input.vpa.trim() : null,
            cardLast4: input.method === 'card' ? digits.slice(-4) : null,
            cardNetwork: input.method === 'card' ? cardNetwork(digits) : null,
            email: input.email ?? null,
            contact: input.contact ?? null,
            errorCode: decline?.code ?? null,
            errorDescription: decline?.description ?? null,
            errorReason: decline?.reason ?? null,
          })
          .returning();
        const [updated] = await tx
          .update(razorpayEmulatorOrders)
          .set({
            attempts: sql`${razorpayEmulatorOrders.attempts} + 1`,
            status: decline ? 'attempted' : 'paid',
            amountPaid: decline ? order.amountPaid : order.amount,
          })
          .where(eq(razorpayEmulatorOrders.id, order.id))
          .returning();
        if (!payment || !updated) throw new Error('payment insert returned nothing');
        return { payment, order: updated };
      });

      if ('error' in outcome) return { ok: false, status: 400, body: outcome.error! };
      const { payment, order } = outcome;
      if (decline) {
        await webhooks.send('payment.failed', { payment: { entity: paymentEntity(payment) } });
        // 200: the attempt was made and recorded; its outcome is the body. (A 4xx would also put
        // a "Failed to load resource" error in the shopper's console for an ordinary decline.)
        return {
          ok: false,
          status: 200,
          body: razorpayError(decline.description, {
            code: decline.code as RazorpayErrorBody['error']['code'],
            source: input.simulateFailure ? 'customer' : 'bank',
            step: 'payment_authorization',
            reason: decline.reason,
            metadata: { order_id: order.id, payment_id: payment.id },
          }),
        };
      }
      await webhooks.send('payment.captured', { payment: { entity: paymentEntity(payment) } });
      await webhooks.send('order.paid', {
        payment: { entity: paymentEntity(payment) },
        order: { entity: orderEntity(order) },
      });
      return {
        ok: true,
        response: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: paymentSignature(keys.keySecret, order.id, payment.id),
        },
      };
    },
    async refund(input) {
      const key = input.idempotencyKey;
      if (key !== undefined) {
        const earlier = await refundByKey(key);
        if (earlier) return sameRequest(earlier, input);
      }
      const outcome = await db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(razorpayEmulatorPayments)
          .where(eq(razorpayEmulatorPayments.id, input.paymentId))
          .for('update');
        if (!payment) return { error: refundError('The id provided does not exist') };
        if (payment.status === 'failed')
          return { error: refundError('The payment has not been captured, it cannot be refunded') };
        const left = payment.amount - payment.amountRefunded;
        if (left <= 0) return { error: refundError('The payment has been fully refunded already') };
        const amount = input.amount ?? left;
        if (amount > left) {
          return {
            error: refundError(
              'The refund amount provided is greater than amount captured and not yet refunded',
              'amount',
            ),
          };
        }
        const [refund] = await tx
          .insert(razorpayEmulatorRefunds)
          .values({
            id: newId('rfnd'),
            paymentId: payment.id,
            amount,
            currency: payment.currency,
            idempotencyKey: key ?? null,
            notes: input.notes ?? {},
            receipt: input.receipt ?? null,
          })
          .onConflictDoNothing({ target: razorpayEmulatorRefunds.idempotencyKey })
          .returning();
        // The same key used meanwhile by a request for another payment.
        if (!refund) return { raced: true as const };
        const refunded = payment.amountRefunded + amount;
        await tx
          .update(razorpayEmulatorPayments)
          .set({
            amountRefunded: refunded,
            status: refunded >= payment.amount ? 'refunded' : payment.status,
          })
          .where(eq(razorpayEmulatorPayments.id, payment.id));
        return { refund, fails: refundsFail(payment) && !(await hasFailedRefund(tx, payment.id)) };
      });
      if ('raced' in outcome) {
        const earlier = key === undefined ? undefined : await refundByKey(key);
        return earlier
          ? sameRequest(earlier, input)
          : { ok: false, status: 409, body: refundError('Request in progress, please retry') };
      }
      if ('error' in outcome) return { ok: false, status: 400, body: outcome.error! };
      const { refund } = outcome;
      await sendRefundEvent('refund.created', refund);
      await settle(refund, outcome.fails ? 'failed' : 'processed');
      return { ok: true, refund };
    },
    paymentRefunds(paymentId) {
      return db
        .select()
        .from(razorpayEmulatorRefunds)
        .where(eq(razorpayEmulatorRefunds.paymentId, paymentId))
        .orderBy(asc(razorpayEmulatorRefunds.createdAt), asc(razorpayEmulatorRefunds.id));
    },
    async findRefund(id) {
      const [row] = await db
        .select()
        .from(razorpayEmulatorRefunds)
        .where(eq(razorpayEmulatorRefunds.id, id));
      return row;
    },
  };
}

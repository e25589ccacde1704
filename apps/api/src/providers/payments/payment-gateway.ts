import Razorpay from 'razorpay';
import { AppError, isAppError } from '../../lib/app-error';
import type { RazorpayKeys } from './sandbox-keys';
import { paymentSignature, signatureMatches, webhookSignature } from './signatures';

/** A provider order: what checkout is opened with. Amounts are in paise here, rupees elsewhere. */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  status: ProviderPaymentStatus;
  amount: number;
  currency: string;
  /** card | upi | netbanking | wallet | … */
  method: string;
}

/** A refund at the provider (Razorpay's Refund entity), paise. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
}

/**
 * The payment provider as the orders module sees it. One implementation, on the official SDK, for
 * both Razorpay and the local emulator (docs/architecture.md §1: the production path is the tested path).
 *
 * Do not call it inside a database transaction: with the emulator on PGlite the provider's answer
 * needs the same (single) connection, so the call would wait for itself.
 */
export interface PaymentGateway {
  readonly mode: 'razorpay' | 'emulator';
  /** The public key id checkout is opened with (safe to give the storefront). */
  readonly keyId: string;
  /** Where the storefront loads checkout.js from. */
  readonly checkoutScriptUrl: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder>;
  fetchOrder(orderId: string): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment attempted on the order, failed ones included. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds part or all of a captured payment. `idempotencyKey` goes out as Razorpay's
   * `X-Refund-Idempotency` header and in the notes (`idempotency_key`): the same key and body
   * answer the same refund, never a second one (docs/decisions/119-refunds-and-webhook-retries.md).
   */
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund>;
  fetchRefund(refundId: string): Promise<ProviderRefund>;
  /** Every refund of the payment, oldest first (at most 100). */
  fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Checks checkout's `razorpay_signature` for this order and payment, in constant time. */
  verifyPaymentSignature(input: {
    orderId: string;
    paymentId: string;
    signature: unknown;
  }): boolean;
  /** Checks `X-Razorpay-Signature` over the webhook's raw body bytes (never re-serialised JSON). */
  verifyWebhookSignature(rawBody: string | Buffer, signature: unknown): boolean;
}

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The SDK's axios instance: 2.9 has no option for its base URL, timeout or proxy (decision 060). */
interface SdkTransport {
  api: {
    rq: {
      defaults: { baseURL?: string; timeout?: number; proxy?: unknown };
      interceptors: {
        request: { use(onRequest: (config: OutgoingRequest) => OutgoingRequest): number };
      };
    };
  };
}

/** What the SDK's axios instance is about to send (the fields the refund header needs). */
interface OutgoingRequest {
  method?: string;
  url?: string;
  data?: unknown;
  headers: { set(name: string, value: string): unknown };
}

/** The note a refund request carries its idempotency key in (and the header is made from). */
const IDEMPOTENCY_NOTE = 'idempotency_key';
const REFUND_CALL = /\/payments\/[^/]+\/refund$/;

/**
 * The SDK (2.9.8) sends only `X-Razorpay-Account` and `Content-Type` among custom headers, set
 * once for the instance, and `payments.refund` takes none. So the header is added on the SDK's own
 * transport, just before it sends, from the request's body: a refund call whose notes hold an
 * idempotency key gets `X-Refund-Idempotency` with it. Read from the request itself, it cannot
 * mix two concurrent refunds up (decision 119).
 */
function sendRefundIdempotencyHeader(transport: SdkTransport['api']['rq']): void {
  transport.interceptors.request.use((config) => {
    const notes = (config.data as { notes?: Record<string, unknown> } | undefined)?.notes;
    const key = notes?.[IDEMPOTENCY_NOTE];
    if (
      config.method?.toLowerCase() === 'post' &&
      REFUND_CALL.test(config.url ?? '') &&
      typeof key === 'string'
    )
      config.headers.set('X-Refund-Idempotency', key);
    return config;
  });
}

const REQUEST_TIMEOUT_MS = 15_000;

interface RazorpayEntityOrder {
  id: string;
  amount: number | string;
  currency: string;
  receipt?: string | null;
  status: string;
}

interface RazorpayEntityPayment {
  id: string;
  order_id?: string | null;
  status: string;
  amount: number | string;
  currency: string;
  method: string;
}

interface RazorpayEntityRefund {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  notes?: Record<string, unknown> | unknown[] | null;
}

function toRefund(refund: RazorpayEntityRefund): ProviderRefund {
  const notes =
    refund.notes && !Array.isArray(refund.notes)
      ? Object.fromEntries(Object.entries(refund.notes).map(([k, v]) => [k, String(v)]))
      : {};
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amount: Number(refund.amount),
    status: refund.status as ProviderRefund['status'],
    notes,
  };
}

function toOrder(order: RazorpayEntityOrder): ProviderOrder {
  return {
    id: order.id,
    amount: Number(order.amount),
    currency: order.currency,
    receipt: order.receipt ?? null,
    status: order.status as ProviderOrder['status'],
  };
}

function toPayment(payment: RazorpayEntityPayment): ProviderPayment {
  return {
    id: payment.id,
    orderId: payment.order_id ?? null,
    status: payment.status as ProviderPaymentStatus,
    amount: Number(payment.amount),
    currency: payment.currency,
    method: payment.method,
  };
}

/**
 * The SDK rejects with `{ statusCode, error: { code, description } }` when the provider answered,
 * and with axios's (or its own TypeError) when it could not be reached.
 */
function toProviderError(error: unknown, what: string): AppError {
  if (isAppError(error)) return error;
  const answer = error as { statusCode?: unknown; error?: { description?: unknown } };
  if (typeof answer?.statusCode === 'number') {
    const description =
      typeof answer.error?.description === 'string' ? answer.error.description : 'refused';
    if (answer.statusCode === 404 || /does not exist/i.test(description)) {
      return new AppError('not_found', `${what} not found at the payment provider`, {
        cause: error,
      });
    }
    if (answer.statusCode >= 400 && answer.statusCode < 500) {
      return new AppError('payment_error', `The payment provider refused: ${description}`, {
        cause: error,
      });
    }
  }
  return new AppError('unavailable', 'The payment provider is not reachable, try again', {
    cause: error,
  });
}

/** Razorpay ids are a prefix and 14 base62 characters; anything else never reaches a URL path. */
const ID_PATTERN = {
  Order: /^order_[A-Za-z0-9]{6,40}$/,
  Payment: /^pay_[A-Za-z0-9]{6,40}$/,
  Refund: /^rfnd_[A-Za-z0-9]{6,40}$/,
};

function checkId(what: keyof typeof ID_PATTERN, id: string): void {
  if (!ID_PATTERN[what].test(id))
    throw new AppError('invalid_data', `Invalid ${what.toLowerCase()} id`);
}

interface GatewayOptions {
  keys: RazorpayKeys;
  mode: 'razorpay' | 'emulator';
  /**
   * The emulator's base URL (…/razorpay-emulator), asked before every call because it is known
   * only once the server listens (port 0 in tests). Unset: api.razorpay.com, the SDK's default.
   */
  baseUrl?: () => string;
  checkoutScriptUrl: string;
}

export function createRazorpayGateway(opts: GatewayOptions): PaymentGateway {
  const { keys } = opts;
  const sdk = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  const rq = (sdk as unknown as SdkTransport).api.rq;
  sendRefundIdempotencyHeader(rq);
  const transport = rq.defaults;
  // The SDK sets no timeout: a hung provider would hold a shopper's request forever.
  transport.timeout = REQUEST_TIMEOUT_MS;
  if (opts.baseUrl) {
    // The emulator is this server on loopback: an HTTP(S)_PROXY from the environment must not
    // carry those calls away.
    transport.proxy = false;
  }
  const point = () => {
    if (opts.baseUrl) transport.baseURL = opts.baseUrl();
  };
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      point();
      return await run();
    } catch (error) {
      throw toProviderError(error, what);
    }
  };

  return {
    mode: opts.mode,
    keyId: keys.keyId,
    checkoutScriptUrl: opts.checkoutScriptUrl,
    async createOrder({ amountPaise, receipt, notes }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100) {
        throw new AppError('invalid_data', 'A payment must be at least ₹1 in whole paise');
      }
      const order = await call('Order', () =>
        sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes: notes ?? {} }),
      );
      return toOrder(order as RazorpayEntityOrder);
    },
    async fetchOrder(orderId) {
      checkId('Order', orderId);
      const order = await call('Order', () => sdk.orders.fetch(orderId));
      return toOrder(order as RazorpayEntityOrder);
    },
    async fetchPayment(paymentId) {
      checkId('Payment', paymentId);
      const payment = await call('Payment', () => sdk.payments.fetch(paymentId));
      return toPayment(payment as RazorpayEntityPayment);
    },
    async fetchOrderPayments(orderId) {
      checkId('Order', orderId);
      const list = await call('Order', () => sdk.orders.fetchPayments(orderId));
      return (list.items as RazorpayEntityPayment[]).map(toPayment);
    },
    async refundPayment({ paymentId, amountPaise, idempotencyKey, notes }) {
      checkId('Payment', paymentId);
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100) {
        throw new AppError('invalid_data', 'A refund must be at least ₹1 in whole paise');
      }
      if (!/^[A-Za-z0-9_-]{10,100}$/.test(idempotencyKey))
        throw new AppError('invalid_data', 'Invalid refund idempotency key');
      const refund = await call('Payment', () =>
        sdk.payments.refund(paymentId, {
          amount: amountPaise,
          speed: 'normal',
          notes: { ...notes, [IDEMPOTENCY_NOTE]: idempotencyKey },
        }),
      );
      return toRefund(refund as unknown as RazorpayEntityRefund);
    },
    async fetchRefund(refundId) {
      checkId('Refund', refundId);
      const refund = await call('Refund', () => sdk.refunds.fetch(refundId));
      return toRefund(refund as unknown as RazorpayEntityRefund);
    },
    async fetchPaymentRefunds(paymentId) {
      checkId('Payment', paymentId);
      const list = await call('Payment', () =>
        sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }),
      );
      return (list.items as unknown as RazorpayEntityRefund[]).map(toRefund);
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(keys.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(webhookSignature(keys.webhookSecret, rawBody), signature);
    },
  };
}

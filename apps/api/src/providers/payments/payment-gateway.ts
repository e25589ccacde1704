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
  api: { rq: { defaults: { baseURL?: string; timeout?: number; proxy?: unknown } } };
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
const ID_PATTERN = { Order: /^order_[A-Za-z0-9]{6,40}$/, Payment: /^pay_[A-Za-z0-9]{6,40}$/ };

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
  const transport = (sdk as unknown as SdkTransport).api.rq.defaults;
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
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(keys.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(webhookSignature(keys.webhookSecret, rawBody), signature);
    },
  };
}

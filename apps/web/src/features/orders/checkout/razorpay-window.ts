import type { RazorpayPaymentResult } from '../api/order-calls';

/**
 * Opens Razorpay's payment window — or the local emulator's, which has the same browser API
 * (docs/decisions/060). The script's address comes from the server with the order, so the
 * storefront never decides which one runs; it is loaded on first use, never on other pages.
 */

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpayPaymentResult) => void;
  modal: { ondismiss: () => void; escape: boolean; confirm_close: boolean };
}

interface RazorpayInstance {
  open(): void;
  on(
    event: 'payment.failed',
    callback: (response: { error?: { description?: string } }) => void,
  ): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<RazorpayConstructor>>();

export const PAYMENT_WINDOW_ERROR = 'The payment window could not be opened. Please try again.';

function loadScript(src: string): Promise<RazorpayConstructor> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    if (window.Razorpay) {
      resolve(window.Razorpay);
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error(PAYMENT_WINDOW_ERROR));
    script.onerror = () => {
      // A later try may succeed (a dropped connection): forget this attempt.
      loading.delete(src);
      script.remove();
      reject(new Error(PAYMENT_WINDOW_ERROR));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

export interface PaymentWindowInput {
  scriptUrl: string;
  key: string;
  order: { id: string; amount: number; currency: string; receipt: string | null };
  description: string;
  prefill: { name: string; email: string; contact: string };
}

/**
 * How the window ended: paid (the handler's fields, still to be verified by the server) or
 * closed by the shopper. A declined attempt does not end it: Razorpay's window stays open for
 * another try, and `onFailure` reports each one.
 */
export type PaymentWindowOutcome =
  { kind: 'paid'; result: RazorpayPaymentResult } | { kind: 'closed'; lastFailure: string | null };

export async function openPaymentWindow(
  input: PaymentWindowInput,
  onFailure: (message: string) => void,
): Promise<PaymentWindowOutcome> {
  const Razorpay = await loadScript(input.scriptUrl);
  return new Promise<PaymentWindowOutcome>((resolve) => {
    let lastFailure: string | null = null;
    const rzp = new Razorpay({
      key: input.key,
      amount: input.order.amount,
      currency: input.order.currency,
      order_id: input.order.id,
      name: 'Vastra',
      description: input.description,
      prefill: input.prefill,
      notes: input.order.receipt ? { receipt: input.order.receipt } : {},
      theme: { color: '#1c1917' },
      handler: (result) => resolve({ kind: 'paid', result }),
      modal: {
        ondismiss: () => resolve({ kind: 'closed', lastFailure }),
        escape: true,
        confirm_close: false,
      },
    });
    rzp.on('payment.failed', (response) => {
      lastFailure = response.error?.description ?? 'Payment failed';
      onFailure(lastFailure);
    });
    rzp.open();
  });
}

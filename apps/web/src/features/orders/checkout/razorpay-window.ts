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
    const fail = () => {
      // A later try may succeed (a dropped connection): forget this attempt.
      loading.delete(src);
      script.remove();
      reject(new Error(PAYMENT_WINDOW_ERROR));
    };
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : fail());
    script.onerror = fail;
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
 * another try, and the last decline is reported with the close.
 */
export type PaymentWindowOutcome =
  { kind: 'paid'; result: RazorpayPaymentResult } | { kind: 'closed'; lastFailure: string | null };

export async function openPaymentWindow(input: PaymentWindowInput): Promise<PaymentWindowOutcome> {
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
        // A UPI request may still be approved on the phone: Razorpay asks before closing.
        confirm_close: true,
      },
    });
    // The window shows each declined attempt itself; the last one is reported when it closes.
    rzp.on('payment.failed', (response) => {
      lastFailure = response.error?.description ?? 'Payment failed';
    });
    rzp.open();
  });
}

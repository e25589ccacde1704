import { useEffect } from 'react';
import type { PaymentMode } from '@vastra/shared/schemas/payment';
import { api, type ApiClient } from '@/lib/api-client';
import { createStore, useStore } from '@/lib/create-store';

/**
 * Who takes payments, as the server wrote it into the page (`<meta name="payment-mode">`, so the
 * banner is in the first paint and moves nothing when it appears, docs/decisions/151), else null
 * until the API has answered.
 */
function modeInPage(): PaymentMode | null {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="payment-mode"]')
    ?.getAttribute('content');
  return content === 'emulator' || content === 'razorpay' ? content : null;
}

export const paymentModeStore = createStore<PaymentMode | null>(modeInPage());

let asked = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** After a failed call, ask again after this long, doubling up to the cap. */
export const PAYMENT_MODE_RETRY = { firstMs: 2_000, maxMs: 60_000 } as const;

/**
 * Asks the server once per visit, not a build flag: the same build runs with real keys or with
 * the emulator (docs/decisions/094). The layouts never remount, so a failed call (the server
 * restarting, a dropped connection) is retried with a growing wait until it is answered: a test
 * shop must not lose its banner for a whole visit to one lost request.
 */
function loadPaymentMode(
  client: ApiClient = api,
  waitMs: number = PAYMENT_MODE_RETRY.firstMs,
): void {
  if (asked) return;
  asked = true;
  client.call('payments.mode').then(
    (answer) => paymentModeStore.set(answer.mode),
    () => {
      retryTimer = setTimeout(() => {
        asked = false;
        loadPaymentMode(client, Math.min(waitMs * 2, PAYMENT_MODE_RETRY.maxMs));
      }, waitMs);
    },
  );
}

/** For tests: forget the answer (and any retry) so the next mount asks again. */
export function resetPaymentMode(): void {
  clearTimeout(retryTimer);
  asked = false;
  paymentModeStore.set(null);
}

/**
 * Above the header on every shop page while the local payment emulator takes payments: in the
 * page's flow (it pushes the page down rather than covering it) and scrolls away with it.
 */
export function TestModeBanner({ client }: { client?: ApiClient }) {
  const mode = useStore(paymentModeStore);
  useEffect(() => loadPaymentMode(client), [client]);
  if (mode !== 'emulator') return null;
  return (
    <aside aria-label="Test mode" className="bg-accent text-paper" data-testid="test-mode-banner">
      <p className="container-shop py-2 text-center text-[13px] leading-snug">
        <strong className="font-semibold">Test mode — no money moves.</strong> Payments here are
        simulated and nothing is charged.
      </p>
    </aside>
  );
}

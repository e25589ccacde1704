import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderSummary } from '@vastra/shared/schemas/order';
import { Button } from '@/components/ui/button';
import { ApiError, toastApiError } from '@/lib/api-client';
import { loadCart } from '@/lib/cart/cart';
import { CATALOGUE_KEY } from '@/lib/catalogue-keys';
import { invalidate } from '@/lib/query';
import { notify } from '@/lib/toast';
import { cancelOrder } from './api/order-calls';
import { resumeOnline } from './checkout/pay-online';
import { PAYMENT_WINDOW_ERROR } from './checkout/razorpay-window';
import { OPEN_ORDER_TEXT } from './messages';
import { formatHoldTime } from './order-format';
import { ORDERS_KEY } from './use-user-orders';

type Phase = 'idle' | 'opening' | 'paying' | 'verifying' | 'confirming' | 'cancelling';

const PAY_LABEL: Partial<Record<Phase, string>> = {
  opening: OPEN_ORDER_TEXT.opening,
  paying: OPEN_ORDER_TEXT.paying,
  verifying: OPEN_ORDER_TEXT.verifying,
};

/** The longest wait setTimeout keeps (about 24.8 days); a hold is minutes long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The orders and the catalogue's stock changed: the screens showing them read them again. */
function ordersChanged() {
  invalidate(ORDERS_KEY);
  invalidate(CATALOGUE_KEY);
}

/**
 * An unpaid online order whose hold is live (docs/decisions/110, 111): when it must be paid by,
 * "Complete payment" (the payment window again for this order, then the checkout's own check) and
 * "Cancel" (after a confirmation; its items go back on sale). When the hold runs out on screen,
 * the list is read again and the buttons go.
 */
export function OpenOrderActions({ order }: { order: OrderSummary }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const noteId = useId();
  const expires = order.holdExpiresAt;
  const yesButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // Focus follows the question: to its answer when asked, back to Cancel when the order is kept.
  useEffect(() => {
    if (phase === 'confirming') {
      asked.current = true;
      yesButton.current?.focus();
    } else if (phase === 'idle' && asked.current) {
      asked.current = false;
      cancelButton.current?.focus();
    }
  }, [phase]);

  useEffect(() => {
    if (expires === null) return;
    const timer = window.setTimeout(
      () => invalidate(ORDERS_KEY),
      Math.min(MAX_TIMER_MS, Math.max(0, expires - Date.now()) + 1000),
    );
    return () => window.clearTimeout(timer);
  }, [expires]);

  /** A refusal: its message; a 409 means the order closed meanwhile, so the list is read again. */
  const refused = (error: unknown, fallback: string) => {
    toastApiError(error, fallback);
    if (error instanceof ApiError && error.status === 409) ordersChanged();
    setPhase('idle');
  };

  const pay = async () => {
    setPhase('opening');
    const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
    try {
      const outcome = await resumeOnline(order._id, {
        itemCount,
        payer: order.address,
        onWindowOpen: () => setPhase('paying'),
        onVerifying: () => setPhase('verifying'),
      });
      if (outcome.kind === 'paid') {
        notify.success(outcome.message);
        // The paid order's items leave the cart on the server.
        void loadCart();
        ordersChanged();
        return;
      }
      if (outcome.kind === 'unverified') {
        // The payment-return page asks the server again, as after checkout.
        toastApiError(outcome.error, OPEN_ORDER_TEXT.verificationFailed);
        navigate(`/verify?orderId=${encodeURIComponent(outcome.orderId)}`);
        return;
      }
      notify.info(OPEN_ORDER_TEXT.closed(outcome.lastFailure, expires));
      setPhase('idle');
    } catch (error) {
      refused(error, error instanceof ApiError ? OPEN_ORDER_TEXT.payFailed : PAYMENT_WINDOW_ERROR);
    }
  };

  const cancel = async () => {
    setPhase('cancelling');
    try {
      const answer = await cancelOrder(order._id);
      notify.success(answer.message);
      ordersChanged();
    } catch (error) {
      refused(error, OPEN_ORDER_TEXT.cancelFailed);
    }
  };

  const busy = phase !== 'idle' && phase !== 'confirming';
  return (
    <div
      data-testid="open-order"
      className="flex flex-col gap-3 border-b border-line bg-amber-50/60 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <p id={noteId} className="text-sm">
        {expires === null ? (
          OPEN_ORDER_TEXT.heldNoTime
        ) : (
          <>
            <span className="font-medium">
              Pay by{' '}
              <time data-testid="hold-expires" dateTime={new Date(expires).toISOString()}>
                {formatHoldTime(expires)}
              </time>
            </span>
            <span className="text-muted"> — {OPEN_ORDER_TEXT.held}</span>
          </>
        )}
      </p>
      {phase === 'confirming' || phase === 'cancelling' ? (
        <div
          role="group"
          aria-label={OPEN_ORDER_TEXT.confirmQuestion}
          className="flex flex-wrap items-center gap-2"
        >
          <p className="w-full text-sm font-medium sm:w-auto">{OPEN_ORDER_TEXT.confirmQuestion}</p>
          <Button
            ref={yesButton}
            variant="danger"
            disabled={phase === 'cancelling'}
            onClick={() => void cancel()}
          >
            {phase === 'cancelling' ? OPEN_ORDER_TEXT.cancelling : OPEN_ORDER_TEXT.confirmYes}
          </Button>
          <Button
            variant="secondary"
            disabled={phase === 'cancelling'}
            onClick={() => setPhase('idle')}
          >
            {OPEN_ORDER_TEXT.confirmNo}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button disabled={busy} aria-describedby={noteId} onClick={() => void pay()}>
            {PAY_LABEL[phase] ?? OPEN_ORDER_TEXT.pay}
          </Button>
          <Button
            ref={cancelButton}
            variant="secondary"
            disabled={busy}
            onClick={() => setPhase('confirming')}
          >
            {OPEN_ORDER_TEXT.cancel}
          </Button>
        </div>
      )}
    </div>
  );
}

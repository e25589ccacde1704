import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { DeliveryCheck } from '@vastra/shared/schemas/delivery';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { getDeliveryPin, setDeliveryPin } from '@/lib/delivery-pin';
import { checkDelivery } from '@/lib/delivery-calls';
import { deliveryWindowText } from '@vastra/shared/delivery/delivery-promise';
import { DELIVERY_TEXT, placeText } from './delivery-words';

type Answer =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'found'; check: DeliveryCheck }
  | { kind: 'refused'; message: string };

/**
 * "Check delivery" on the product page and the cart (docs/decisions/132-delivery-check-screens.md):
 * a PIN code in, the API's answer out — by when, where, and whether cash on delivery is offered,
 * or why not. The last PIN code the shop found is remembered and checked again on the next visit.
 * The answer is one polite live region, so a screen reader hears it once it is in.
 */
export function DeliveryCheckBox({ className = '' }: { className?: string }) {
  const [remembered] = useState(getDeliveryPin);
  const [pin, setPin] = useState(remembered ?? '');
  const [answer, setAnswer] = useState<Answer>(
    remembered ? { kind: 'checking' } : { kind: 'none' },
  );
  const running = useRef<AbortController | null>(null);
  const inputId = useId();
  const titleId = useId();

  /** Asks the API about `typed`; only the latest question's answer is shown. */
  const send = (typed: string) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    checkDelivery(typed, controller.signal).then(
      (check) => {
        if (controller.signal.aborted) return;
        // Only a PIN code the shop found is worth starting from next time (checkout reads it too).
        setDeliveryPin(check.pin);
        setAnswer({ kind: 'found', check });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : TRANSPORT_MESSAGES.generic;
        setAnswer({ kind: 'refused', message });
      },
    );
  };

  // The remembered PIN code is checked as the page opens; leaving the page cancels a check.
  useEffect(() => {
    if (remembered) send(remembered);
    return () => running.current?.abort();
    // Once per visit, for the PIN code remembered as it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pin === '') {
      running.current?.abort();
      setAnswer({ kind: 'refused', message: DELIVERY_TEXT.enterPin });
      return;
    }
    setAnswer({ kind: 'checking' });
    send(pin);
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid="delivery-check"
      className={`border border-line bg-white/60 p-4 sm:p-5 ${className}`}
    >
      <h2 id={titleId} className="text-sm font-medium tracking-[0.12em] uppercase">
        {DELIVERY_TEXT.title}
      </h2>
      <form noValidate onSubmit={submit} className="mt-3">
        <label htmlFor={inputId} className="sr-only">
          {DELIVERY_TEXT.pinLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="pin"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="6-digit PIN code"
            maxLength={6}
            value={pin}
            // Digits only: a pasted "110 001" becomes 110001.
            onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={answer.kind === 'refused' || undefined}
            aria-describedby={`${inputId}-answer`}
            className="w-full min-w-0 flex-1 border border-field bg-white px-3.5 py-2.5 text-[15px] tracking-[0.08em] text-ink tabular-nums placeholder:tracking-normal placeholder:text-muted/70 focus:border-ink aria-invalid:border-accent"
          />
          <button
            type="submit"
            aria-busy={answer.kind === 'checking' || undefined}
            className="shrink-0 border border-ink px-5 py-2.5 text-xs font-medium tracking-[0.14em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper"
          >
            {DELIVERY_TEXT.check}
          </button>
        </div>
      </form>
      <div
        id={`${inputId}-answer`}
        role="status"
        aria-live="polite"
        data-testid="delivery-answer"
        className="mt-3 min-h-5 text-sm"
      >
        <AnswerText answer={answer} />
      </div>
    </section>
  );
}

function AnswerText({ answer }: { answer: Answer }) {
  switch (answer.kind) {
    case 'none':
      return null;
    case 'checking':
      return <p className="text-muted">{DELIVERY_TEXT.checking}</p>;
    case 'refused':
      return (
        <p data-testid="delivery-refusal" className="text-accent">
          {answer.message}
        </p>
      );
    case 'found': {
      const { check } = answer;
      if (!check.serviceable || !check.deliverBy)
        return (
          <>
            <p data-testid="delivery-not-served" className="font-medium text-accent">
              {DELIVERY_TEXT.notServed}
            </p>
            <p className="mt-0.5 text-muted">{placeText(check)}</p>
          </>
        );
      return (
        <>
          <p>
            <span data-testid="delivery-window" className="font-medium">
              {deliveryWindowText(check.deliverBy)}
            </span>{' '}
            <span data-testid="delivery-place" className="text-muted">
              {placeText(check)}
            </span>
          </p>
          <p
            data-testid="delivery-cod"
            className={`mt-1 ${check.cashOnDelivery ? 'text-sale' : 'text-muted'}`}
          >
            {check.cashOnDelivery ? DELIVERY_TEXT.cashOnDelivery : DELIVERY_TEXT.noCashOnDelivery}
          </p>
        </>
      );
    }
  }
}

import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import { COUPON_CODE_MAX, type CouponSummary } from '@vastra/shared/schemas/coupon';
import { useQuery } from '@/lib/query';
import { getCouponOffers } from '../api/order-calls';
import { CHECKOUT_TEXT } from './messages';

/**
 * How much more the cart needs for an offer's minimum, in rupees; 0 when it is reached.
 * Only what the list shows: whether a code applies stays the server's call.
 */
export function shortOfMinimum(offer: Pick<CouponSummary, 'minSubtotal'>, subtotal: number) {
  return Math.max(0, offer.minSubtotal - subtotal);
}

/**
 * The coupon box (docs/product.md §2): a code field with Apply, the applied coupon with Remove, and the
 * collapsible Available Offers list from the server. Whether a code applies is the server's call
 * (`onApply` asks it); this component only collects the code. An offer whose minimum the cart's
 * `subtotal` has not reached says how much is missing ("Add ₹1,501 more") instead of APPLY.
 */
export function CouponBox({
  applied,
  busy,
  disabled,
  subtotal,
  onApply,
  onRemove,
}: {
  applied: CouponSummary | null;
  busy: boolean;
  disabled: boolean;
  /** The cart's items before any discount, rupees. */
  subtotal: number;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const [code, setCode] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const inputId = useId();
  // Loaded when the list is opened (again each time), and on Try again.
  const offers = useQuery(['account', 'coupon-offers'], getCouponOffers, { enabled: open });
  const coupons: CouponSummary[] | undefined = offers.data?.coupons;
  const failed = coupons === undefined && offers.error !== undefined && !offers.fetching;

  const apply = async (wanted: string) => {
    if (await onApply(wanted)) setCode('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(code);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="border border-line bg-white/60 p-5">
      <h2 id={`${inputId}-title`} className="text-xs font-medium tracking-[0.16em] uppercase">
        Have a coupon?
      </h2>
      {applied ? (
        <div
          data-testid="applied-coupon"
          className="mt-3 flex items-center justify-between gap-3 border border-dashed border-ink/40 bg-paper px-3 py-2.5"
        >
          <p className="min-w-0 text-sm">
            <span className="font-semibold tracking-[0.08em]">{applied.code}</span>
            <span className="block text-xs text-muted">{applied.description}</span>
          </p>
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled || busy}
            className="shrink-0 text-xs font-medium tracking-[0.12em] text-accent underline underline-offset-2 hover:text-accent-dark disabled:opacity-50"
          >
            REMOVE
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} className="mt-3 flex gap-2" noValidate>
        <label htmlFor={inputId} className="sr-only">
          Coupon code
        </label>
        <input
          id={inputId}
          name="coupon"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="Enter coupon code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={COUPON_CODE_MAX}
          disabled={disabled}
          className="min-w-0 flex-1 border border-field bg-white px-3.5 py-2.5 text-[15px] uppercase placeholder:normal-case placeholder:text-muted/70 focus:border-ink disabled:bg-paper"
        />
        <button
          type="submit"
          disabled={disabled || busy}
          className="shrink-0 bg-ink px-5 py-2.5 text-xs font-medium tracking-[0.16em] text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? 'CHECKING…' : 'APPLY'}
        </button>
      </form>

      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="mt-4 flex w-full items-center justify-between text-sm font-medium"
      >
        Available Offers
        <span
          aria-hidden="true"
          className={`text-lg leading-none transition-transform ${open ? 'rotate-45' : ''}`}
        >
          +
        </span>
      </button>
      <div id={listId} hidden={!open} className="mt-3">
        {coupons === undefined && !failed && (
          <p role="status" className="text-sm text-muted">
            Loading offers…
          </p>
        )}
        {failed && (
          <p role="alert" className="text-sm text-muted">
            {CHECKOUT_TEXT.offersUnavailable}{' '}
            <button
              type="button"
              onClick={offers.refresh}
              className="font-medium text-ink underline underline-offset-2"
            >
              Try again
            </button>
          </p>
        )}
        {coupons?.length === 0 && <p className="text-sm text-muted">No offers right now.</p>}
        {coupons !== undefined && coupons.length > 0 && (
          <ul className="space-y-2" aria-label="Available offers">
            {coupons.map((offer) => {
              const short = shortOfMinimum(offer, subtotal);
              return (
                <li
                  key={offer.code}
                  className="flex items-center justify-between gap-3 border border-line bg-paper px-3 py-2.5"
                >
                  <p className="min-w-0 text-sm">
                    <span className="font-semibold tracking-[0.08em]">{offer.code}</span>
                    <span className="block text-xs text-muted">{offer.description}</span>
                  </p>
                  {short > 0 ? (
                    <p
                      data-testid="offer-short"
                      className="shrink-0 text-right text-xs font-medium text-ink"
                    >
                      Add {formatPrice(short)} more
                    </p>
                  ) : (
                    <button
                      type="button"
                      disabled={disabled || busy || applied?.code === offer.code}
                      onClick={() => void apply(offer.code)}
                      aria-label={
                        applied?.code === offer.code
                          ? `${offer.code} applied`
                          : `Apply ${offer.code}`
                      }
                      className="shrink-0 border border-ink px-3 py-1.5 text-xs font-medium tracking-[0.12em] hover:bg-ink hover:text-paper disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-ink"
                    >
                      {applied?.code === offer.code ? 'APPLIED' : 'APPLY'}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

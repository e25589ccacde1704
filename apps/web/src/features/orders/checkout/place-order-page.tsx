import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { orderTotals } from '@vastra/shared/pricing/coupons';
import {
  addressSchema,
  ORDER_MESSAGES,
  type Address,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';
import { STOCK_MESSAGES } from '@vastra/shared/stock-text';
import { CatalogueLoadError } from '@/components/ui/catalogue-load-error';
import { SectionTitle } from '@/components/ui/section-title';
import { ApiError, toastApiError } from '@/lib/api-client';
import { clearCart, loadCart } from '@/lib/cart/cart';
import { stockProblem } from '@/lib/cart/cart-lines';
import { useDocumentMeta } from '@/lib/document-meta';
import { invalidate } from '@/lib/query';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { placeCodOrder } from '../api/order-calls';
import { useSchemaForm } from '@/components/ui/form';
import { ORDERS_KEY, placedOrderPath } from '../use-user-orders';
import {
  EMPTY_ADDRESS,
  type AddressDraft,
  type AddressField,
} from '@/lib/addresses/address-fields';
import { addressInput } from '@/lib/addresses/address-input';
import { CouponBox } from './coupon-box';
import { DeliveryForm } from './delivery-form';
import { DeliveryNote } from './delivery-note';
import { SavedAddressChoice } from './saved-address-choice';
import { orderAddressOf, useDeliveryAddress } from './use-delivery-address';
import { pinRefusal } from '@/lib/addresses/use-pin-check';
import { CHECKOUT_TEXT } from './messages';
import { OrderSummary } from './order-summary';
import { payOnline } from './pay-online';
import { PaymentOptions } from './payment-options';
import { PlaceOrderBar } from './place-order-bar';
import { PAYMENT_WINDOW_ERROR } from './razorpay-window';
import { TermsBoxes, type TermsState } from './terms-boxes';
import { useCheckoutCoupon } from './use-checkout-coupon';
import { useCheckoutData } from './use-checkout-data';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

type Phase = 'idle' | 'placing' | 'paying' | 'verifying';

const PHASE_LABEL: Record<Phase, string> = {
  idle: 'PLACE ORDER',
  placing: 'PLACING ORDER…',
  paying: 'COMPLETE THE PAYMENT…',
  verifying: 'VERIFYING PAYMENT…',
};

/** /place-order (docs/product.md §2): delivery form, coupon, payment method, summary, Place Order. */
export function PlaceOrderPage() {
  useDocumentMeta('Checkout');
  const token = useToken();
  if (!token) return <LoginFirst reason={LOGIN_REASONS.checkout} />;
  return <Checkout />;
}

function Checkout() {
  const navigate = useNavigate();
  const form = useSchemaForm<AddressDraft, Address>({
    schema: addressSchema,
    defaultValues: EMPTY_ADDRESS,
    prepare: addressInput,
  });
  const [chosenMethod, setMethod] = useState<PaymentMethod>('razorpay');
  const [terms, setTerms] = useState<TermsState>({ terms: false, privacy: false });
  const [phase, setPhase] = useState<Phase>('idle');
  const termsRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // Fields the shopper has been in: the account's details arriving later never write into them.
  const edited = useRef(new Set<AddressField>());
  const data = useCheckoutData((user) => {
    const [first = '', ...rest] = user.name.trim().split(/\s+/);
    const account: Partial<AddressDraft> = {
      email: user.email,
      firstName: first,
      lastName: rest.join(' '),
      phone: user.phone ?? '',
    };
    for (const [field, value] of Object.entries(account) as [AddressField, string][]) {
      if (!edited.current.has(field) && form.getValues(field) === '') form.setValue(field, value);
    }
  });
  const delivery = useDeliveryAddress(form, edited);
  const coupon = useCheckoutCoupon();
  const { lines, products } = data;
  const method = data.methods.includes(chosenMethod) ? chosenMethod : 'razorpay';
  const codRefusal = pinRefusal(delivery.pin, true);
  const pinProblem = pinRefusal(delivery.pin, false);
  const totals = orderTotals(
    lines.map((l) => ({ unitPrice: l.product.price, quantity: l.quantity })),
    coupon.applied,
  );
  // A line asking for more than is left: the order cannot start until the cart is fixed
  // (docs/decisions/111); the server would refuse it anyway.
  const stockBlocked = lines.some((line) => stockProblem(line) !== null);

  // Placing disables the form, which takes focus from the button; give it back afterwards.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (phase !== 'idle') wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      submitRef.current?.focus();
    }
  }, [phase]);

  const edit = (field: AddressField) => edited.current.add(field);

  const finish = (orderId: string, message: string) => {
    coupon.forget();
    clearCart();
    void loadCart();
    // The orders pages show the new order: they load afresh rather than from the cache.
    invalidate(ORDERS_KEY);
    notify.success(message);
    // The order's page with its confirmation on top (docs/decisions/121-storefront-order-page.md).
    navigate(placedOrderPath(orderId));
  };

  /** A refusal: its message, and after a price change the page's figures read again. */
  const refused = (error: unknown, fallback: string) => {
    toastApiError(error, fallback);
    if (error instanceof ApiError && error.status === 409) data.reload();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle' || coupon.busy) return;
    // Enter in a field submits even while the button is disabled.
    if (stockBlocked) {
      notify.error(STOCK_MESSAGES.fixCart);
      return;
    }
    if (delivery.saved) {
      void placeOrder(orderAddressOf(delivery.saved));
      return;
    }
    // The address first, every problem beside its field (focus to the first), then the terms.
    void form.handleSubmit(placeOrder, () => notify.error(CHECKOUT_TEXT.fixAddress))(event);
  };

  const placeOrder = async (address: Address) => {
    // The delivery check's refusals, before the server says the same (docs/decisions/128).
    const refusal = pinRefusal(delivery.pin, method === 'cod');
    if (refusal) {
      notify.error(refusal);
      if (!delivery.saved && pinProblem) form.setFocus('zipcode');
      return;
    }
    if (!terms.terms || !terms.privacy) {
      notify.error(CHECKOUT_TEXT.acceptTerms);
      termsRef.current?.querySelector<HTMLInputElement>('input:not(:checked)')?.focus();
      return;
    }
    const order = {
      address,
      couponCode: coupon.applied?.code ?? null,
      // What the summary shows; the server prices the cart itself and refuses when it differs.
      expectedTotal: totals.total,
    };
    setPhase('placing');
    if (method === 'cod') {
      try {
        const placed = await placeCodOrder(order);
        await delivery.remember(address);
        finish(placed.orderId, ORDER_MESSAGES.placed);
      } catch (error) {
        refused(error, CHECKOUT_TEXT.placeOrderFailed);
        setPhase('idle');
      }
      return;
    }

    try {
      const outcome = await payOnline({
        ...order,
        itemCount: totals.itemCount,
        onWindowOpen: () => {
          setPhase('paying');
          void delivery.remember(address);
        },
        onVerifying: () => setPhase('verifying'),
      });
      if (outcome.kind === 'paid') {
        finish(outcome.orderId, outcome.message);
        return;
      }
      if (outcome.kind === 'unverified') {
        // The payment-return page asks the server again; it also hears from Razorpay's webhook.
        toastApiError(outcome.error, CHECKOUT_TEXT.paymentVerificationFailed);
        navigate(`/verify?orderId=${encodeURIComponent(outcome.orderId)}`);
        return;
      }
      notify.info(
        outcome.lastFailure
          ? CHECKOUT_TEXT.paymentFailedClosed(outcome.lastFailure)
          : CHECKOUT_TEXT.paymentClosed,
      );
    } catch (error) {
      // The order could not be created, or the payment window could not be loaded.
      refused(
        error,
        error instanceof ApiError ? CHECKOUT_TEXT.placeOrderFailed : PAYMENT_WINDOW_ERROR,
      );
    }
    setPhase('idle');
  };

  if (lines.length === 0 && phase === 'idle') {
    const catalogueMissing = products.products.length === 0;
    if (products.status === 'error' && catalogueMissing)
      return (
        <Frame>
          <CatalogueLoadError error={products.error} className="py-16" />
        </Frame>
      );
    if (data.cart === 'error')
      return (
        <Frame>
          <LoadError
            message={CHECKOUT_TEXT.cartUnavailable}
            onRetry={data.reload}
            tight
            className="py-16"
          />
        </Frame>
      );
    // Prices come from the catalogue: until both it and the cart are in, there is nothing to show.
    if (data.cart === 'loading' || (products.status !== 'ready' && catalogueMissing))
      return (
        <Frame>
          <p role="status" className="py-20 text-center text-muted">
            {CHECKOUT_TEXT.loading}
          </p>
        </Frame>
      );
    return (
      <Frame>
        <EmptyState
          compact
          title={CHECKOUT_TEXT.emptyTitle}
          text={CHECKOUT_TEXT.emptyText}
          action={{ to: '/collection', label: 'CONTINUE SHOPPING' }}
        />
      </Frame>
    );
  }

  const busy = phase !== 'idle';
  const submitDisabled = busy || coupon.busy || stockBlocked;
  return (
    <Frame>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
        <form id="checkout-form" onSubmit={submit} noValidate aria-busy={busy}>
          <fieldset disabled={busy} className="min-w-0 space-y-10">
            <fieldset className="min-w-0">
              <legend className="font-serif text-xl tracking-[0.14em] uppercase sm:text-2xl">
                Delivery <span className="font-semibold">Information</span>
              </legend>
              <div className="mt-6 space-y-5">
                {delivery.addresses.length > 0 && (
                  <SavedAddressChoice
                    addresses={delivery.addresses}
                    value={delivery.choice}
                    onChange={delivery.choose}
                  />
                )}
                {delivery.saved ? (
                  <DeliveryNote pin={delivery.pin} />
                ) : (
                  <DeliveryForm
                    form={form}
                    onEdit={edit}
                    pin={{
                      error: pinProblem,
                      note: ['checking', 'served'].includes(delivery.pin.status) ? (
                        <DeliveryNote pin={delivery.pin} quiet />
                      ) : null,
                    }}
                  >
                    <label className="mt-4 flex items-start gap-2.5 text-sm">
                      <input
                        type="checkbox"
                        name="saveAddress"
                        checked={delivery.saveForNext}
                        onChange={(e) => delivery.setSaveForNext(e.target.checked)}
                        className="mt-0.5 h-4 w-4 shrink-0"
                      />
                      <span>{CHECKOUT_TEXT.saveAddress}</span>
                    </label>
                  </DeliveryForm>
                )}
              </div>
            </fieldset>
            <PaymentOptions
              value={method}
              available={data.methods}
              blocked={codRefusal ? { cod: codRefusal } : {}}
              onChange={setMethod}
            />
          </fieldset>
        </form>
        <div className="space-y-5 lg:sticky lg:top-28 lg:h-fit">
          <CouponBox
            applied={coupon.applied}
            busy={coupon.busy}
            disabled={busy}
            subtotal={totals.subtotal}
            onApply={coupon.apply}
            onRemove={coupon.remove}
          />
          <OrderSummary lines={lines} totals={totals} />
          <fieldset disabled={busy} form="checkout-form" className="space-y-5">
            <div ref={termsRef}>
              <TermsBoxes value={terms} onChange={setTerms} />
            </div>
            {stockBlocked && (
              <div
                role="alert"
                data-testid="checkout-stock"
                className="border border-accent/30 bg-accent/5 px-4 py-3 text-sm"
              >
                <p>{STOCK_MESSAGES.fixCart}</p>
                <Link
                  to="/cart"
                  className="mt-2 inline-block font-medium underline underline-offset-4"
                >
                  {CHECKOUT_TEXT.backToCart}
                </Link>
              </div>
            )}
            <button
              ref={submitRef}
              type="submit"
              form="checkout-form"
              disabled={submitDisabled}
              className="w-full bg-ink px-6 py-4 text-sm font-medium tracking-[0.18em] text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70"
            >
              {PHASE_LABEL[phase]}
            </button>
          </fieldset>
          <PlaceOrderBar
            total={totals.total}
            label={PHASE_LABEL[phase]}
            disabled={submitDisabled}
            watch={submitRef}
          />
          {products.status === 'error' && (
            <p role="alert" className="text-sm text-muted">
              {products.error}
            </p>
          )}
        </div>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="container-shop pt-8 pb-4 sm:pt-12">
      <SectionTitle as="h1" light="Place" bold="Order" />
      {children}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FREE_DELIVERY_COUPON } from '@vastra/shared/constants';
import { COUPON_MESSAGES, normalizeCouponCode, orderTotals } from '@vastra/shared/pricing/coupons';
import type { CouponSummary } from '@vastra/shared/schemas/coupon';
import { ORDER_MESSAGES, PAYMENT_METHODS, type PaymentMethod } from '@vastra/shared/schemas/order';
import { CatalogueLoadError } from '@/components/ui/catalogue-load-error';
import { SectionTitle } from '@/components/ui/section-title';
import { getMe } from '@/lib/me';
import { cartLines } from '@/lib/cart-lines';
import { checkCoupon, getOrderCount, getPaymentOptions, placeCodOrder } from '../api/order-calls';
import { ApiError, toastApiError } from '@/lib/api-client';
import { cartStore, clearCart, loadCart } from '@/lib/cart';
import { useStore } from '@/lib/create-store';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadProducts, useProducts } from '@/lib/products-store';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  EMPTY_ADDRESS,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
} from './address-fields';
import { readAppliedCoupon, saveAppliedCoupon } from './applied-coupon';
import { CouponBox } from './coupon-box';
import { DeliveryForm } from './delivery-form';
import { CHECKOUT_TEXT } from './messages';
import { OrderSummary } from './order-summary';
import { payOnline } from './pay-online';
import { PAYMENT_WINDOW_ERROR } from './razorpay-window';
import { PaymentOptions } from './payment-options';
import { TermsBoxes, type TermsState } from './terms-boxes';
import { fieldError, validateAddress } from './validate-address';

type Phase = 'idle' | 'placing' | 'paying' | 'verifying';

const PHASE_LABEL: Record<Phase, string> = {
  idle: 'PLACE ORDER',
  placing: 'PLACING ORDER…',
  paying: 'COMPLETE THE PAYMENT…',
  verifying: 'VERIFYING PAYMENT…',
};

/** /place-order (spec §2, issue 6): delivery form, coupon, payment method, summary, Place Order. */
export function PlaceOrderPage() {
  useDocumentMeta('Checkout');
  const token = useToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Checkout />;
}

function Checkout() {
  const navigate = useNavigate();
  const cart = useStore(cartStore);
  const products = useProducts();
  const [cartLoaded, setCartLoaded] = useState(false);
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [method, setMethod] = useState<PaymentMethod>('razorpay');
  const [methods, setMethods] = useState<readonly PaymentMethod[]>(PAYMENT_METHODS);
  const [terms, setTerms] = useState<TermsState>({ terms: false, privacy: false });
  const [applied, setApplied] = useState<CouponSummary | null>(readAppliedCoupon);
  const [couponBusy, setCouponBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const formRef = useRef<HTMLFormElement>(null);

  const lines = useMemo(() => cartLines(cart, products.products), [cart, products.products]);
  const totals = orderTotals(
    lines.map((l) => ({ unitPrice: l.product.price, quantity: l.quantity })),
    applied,
  );

  const applyCouponState = (coupon: CouponSummary | null) => {
    setApplied(coupon);
    saveAppliedCoupon(coupon);
  };

  // The cart and catalogue are read fresh; the shopper's name and e-mail prefill the form; the
  // order count may take an applied free delivery away (spec §8's info).
  useEffect(() => {
    const controller = new AbortController();
    void loadProducts();
    void loadCart().finally(() => setCartLoaded(true));
    getMe(controller.signal).then(
      ({ user }) => {
        const [first = '', ...rest] = user.name.trim().split(/\s+/);
        setDraft((d) => ({
          ...d,
          email: d.email || user.email,
          firstName: d.firstName || first,
          lastName: d.lastName || rest.join(' '),
        }));
      },
      () => undefined, // Prefilling is a convenience; the shopper types the details instead.
    );
    getPaymentOptions(controller.signal).then(
      ({ paymentMethods }) => {
        setMethods(paymentMethods);
        if (!paymentMethods.includes('cod')) setMethod('razorpay');
      },
      () => undefined, // Both stay offered; the server refuses a method it does not take.
    );
    getOrderCount(controller.signal).then(
      ({ orderCount }) => {
        const current = readAppliedCoupon();
        if (
          current?.kind === 'free_delivery' &&
          orderCount >= FREE_DELIVERY_COUPON.maxEarlierOrders
        ) {
          applyCouponState(null);
          notify.info(COUPON_MESSAGES.freeDeliveryWithdrawn(FREE_DELIVERY_COUPON.maxEarlierOrders));
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) toastApiError(error, CHECKOUT_TEXT.orderCountFailed);
      },
    );
    return () => controller.abort();
  }, []);

  const setField = (field: AddressField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // An error goes away as soon as the field is right; new ones wait for the blur.
    if (errors[field])
      setErrors((e) => ({ ...e, [field]: fieldError({ ...draft, [field]: value }, field) }));
  };
  const blurField = (field: AddressField) => {
    const message = fieldError(draft, field);
    setErrors((e) => ({ ...e, [field]: message }));
  };

  const applyCoupon = async (raw: string): Promise<boolean> => {
    const code = normalizeCouponCode(raw);
    if (code === '') {
      notify.error(COUPON_MESSAGES.enterCode);
      return false;
    }
    setCouponBusy(true);
    try {
      const answer = await checkCoupon(code, applied?.code ?? null);
      applyCouponState(answer.coupon);
      notify.success(answer.message);
      return true;
    } catch (error) {
      toastApiError(error, COUPON_MESSAGES.invalid);
      return false;
    } finally {
      setCouponBusy(false);
    }
  };
  const removeCoupon = () => {
    applyCouponState(null);
    notify.info(COUPON_MESSAGES.removed);
  };

  const finish = (message: string) => {
    applyCouponState(null);
    clearCart();
    void loadCart();
    notify.success(message);
    navigate('/orders');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const checked = validateAddress(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify.error(CHECKOUT_TEXT.fixAddress);
      const first = Object.keys(checked.errors)[0];
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!terms.terms || !terms.privacy) {
      notify.error(CHECKOUT_TEXT.acceptTerms);
      return;
    }
    if (lines.length === 0) {
      notify.error(CHECKOUT_TEXT.emptyCart);
      return;
    }
    const couponCode = applied?.code ?? null;
    setPhase('placing');
    if (method === 'cod') {
      try {
        await placeCodOrder({ address: checked.address, couponCode });
        finish(ORDER_MESSAGES.placed);
      } catch (error) {
        toastApiError(error, CHECKOUT_TEXT.placeOrderFailed);
        setPhase('idle');
      }
      return;
    }

    try {
      setPhase('paying');
      const outcome = await payOnline({
        address: checked.address,
        couponCode,
        cartKey: JSON.stringify(cart),
        itemCount: totals.itemCount,
        onFailure: (reason) => notify.error(reason),
        onVerifying: () => setPhase('verifying'),
      });
      if (outcome.kind === 'paid') {
        finish(ORDER_MESSAGES.paymentVerified);
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
      toastApiError(
        error,
        error instanceof ApiError ? CHECKOUT_TEXT.placeOrderFailed : PAYMENT_WINDOW_ERROR,
      );
    }
    setPhase('idle');
  };

  const catalogueMissing = products.products.length === 0;
  if (lines.length === 0 && products.status === 'error' && catalogueMissing) {
    return (
      <Frame>
        <CatalogueLoadError error={products.error} className="py-16" />
      </Frame>
    );
  }
  // Prices come from the catalogue: until both it and the cart are in, there is nothing to show.
  if (lines.length === 0 && (!cartLoaded || (products.status !== 'ready' && catalogueMissing))) {
    return (
      <Frame>
        <p role="status" className="py-20 text-center text-muted">
          {CHECKOUT_TEXT.loading}
        </p>
      </Frame>
    );
  }
  if (lines.length === 0 && phase === 'idle') {
    return (
      <Frame>
        <section className="flex flex-col items-center py-14 text-center">
          <h2 className="font-serif text-2xl">{CHECKOUT_TEXT.emptyTitle}</h2>
          <p className="mt-3 max-w-sm text-muted">{CHECKOUT_TEXT.emptyText}</p>
          <Link
            to="/collection"
            className="mt-8 bg-ink px-8 py-3.5 text-sm font-medium tracking-[0.16em] text-paper hover:bg-accent-dark"
          >
            CONTINUE SHOPPING
          </Link>
        </section>
      </Frame>
    );
  }

  const busy = phase !== 'idle';
  return (
    <Frame>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
        <form
          id="checkout-form"
          ref={formRef}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-busy={busy}
        >
          <fieldset disabled={busy} className="min-w-0 space-y-10">
            <DeliveryForm draft={draft} errors={errors} onChange={setField} onBlur={blurField} />
            <PaymentOptions value={method} available={methods} onChange={setMethod} />
          </fieldset>
        </form>
        <div className="space-y-5 lg:sticky lg:top-28 lg:h-fit">
          <CouponBox
            applied={applied}
            busy={couponBusy}
            disabled={busy}
            onApply={applyCoupon}
            onRemove={removeCoupon}
          />
          <OrderSummary lines={lines} totals={totals} />
          <fieldset disabled={busy} form="checkout-form" className="space-y-5">
            <TermsBoxes value={terms} onChange={setTerms} />
            <button
              type="submit"
              form="checkout-form"
              disabled={busy}
              className="w-full bg-ink px-6 py-4 text-sm font-medium tracking-[0.18em] text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70"
            >
              {PHASE_LABEL[phase]}
            </button>
          </fieldset>
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

import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { BRAND_LABELS, LIMITS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { STOCK_MESSAGES } from '@vastra/shared/stock-text';
import { DeliveryCheckBox } from '@/components/delivery/delivery-check-box';
import { ProductThumb } from '@/components/ui/product-thumb';
import { SectionTitle } from '@/components/ui/section-title';
import { cartStore, heldStore, type CartMap } from '@/lib/cart/cart';
import { updateCartQuantity } from '@/lib/cart/cart-sync';
import { changeCartSize } from '@/lib/cart/cart-size';
import { notify } from '@/lib/toast';
import { useStore } from '@/lib/create-store';
import { useDocumentMeta } from '@/lib/document-meta';
import { useCartProducts } from '@/lib/use-cart-products';
import { useServerCart } from '@/lib/use-server-cart';
import { ChevronDownIcon, MinusIcon, PlusIcon, TrashIcon } from './cart-icons';
import {
  cartLines,
  lineMax,
  mrpTotalsOf,
  plusStop,
  stockProblem,
  totalsOf,
  unitsLeft,
  type CartLine,
} from '@/lib/cart/cart-lines';
import { showUndoToast } from './undo-toast';
import { CartCheckoutBar } from './cart-checkout-bar';
import { CART_TEXT } from './messages';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TotalsList } from '@/components/ui/totals-list';
import { mrpRows, YouSave } from '@/components/ui/mrp-savings';
import { productPath } from '@vastra/shared/links/product-url';

/** docs/product.md §2 /cart: the lines, the totals, and the way to checkout. */
export function CartPage() {
  useDocumentMeta('Your cart');
  const cart = useStore(cartStore);
  const held = useStore(heldStore);
  // Stock changes with every order: the lines' products are read afresh as the cart opens, so
  // each line says whether it can still be bought (docs/decisions/111, 146); the last answer
  // shows meanwhile.
  const products = useCartProducts();

  // The cart is the server's: read it again on opening, and when the tab comes back into view,
  // so a change made in another tab shows here.
  const { reload } = useServerCart();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const lines = cartLines(cart, products.products, held);

  let body;
  if (products.status === 'error' && products.products.length === 0) {
    body = <LoadError message={products.error} onRetry={products.retry} className="py-16" />;
  } else if (products.status !== 'ready' && products.products.length === 0) {
    body = (
      <p role="status" className="py-20 text-center text-muted">
        {CART_TEXT.loading}
      </p>
    );
  } else if (lines.length === 0) {
    body = <EmptyCart />;
  } else {
    body = (
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
        <ul aria-label="Cart items" className="border-t border-line">
          {lines.map((line) => (
            <CartLineRow key={line.key} line={line} held={held} />
          ))}
        </ul>
        <div className="h-fit space-y-6 lg:sticky lg:top-28">
          {/* Where and by when, before the totals and the way to checkout. */}
          <DeliveryCheckBox />
          <CartTotalsBox lines={lines} />
        </div>
      </div>
    );
  }

  return (
    <div className="container-shop pt-8 pb-4 sm:pt-12">
      <SectionTitle as="h1" light="Your" bold="Cart" />
      {body}
    </div>
  );
}

function EmptyCart() {
  return (
    <EmptyState
      title={CART_TEXT.emptyTitle}
      text={CART_TEXT.emptyText}
      action={{ to: '/collection', label: 'CONTINUE SHOPPING' }}
    />
  );
}

const stepButton =
  'inline-flex h-9 w-9 items-center justify-center text-ink transition-colors hover:bg-line/70 disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent';

/** The id of a line's size control: focus returns there after a size change or an Undo. */
const sizeControlId = (productId: string, size: string) => `size-${productId}:${size}`;

/** Puts the focus on a line's size control once the line is drawn (its row may be new). */
function focusLine(productId: string, size: string): void {
  requestAnimationFrame(() => document.getElementById(sizeControlId(productId, size))?.focus());
}

function CartLineRow({ line, held }: { line: CartLine; held: CartMap }) {
  const { product, size, quantity } = line;
  const brand = BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory;
  const label = `${product.name}, size ${size}`;
  const image = product.image[0];
  const set = (next: number) => void updateCartQuantity(product._id, size, next);
  const problem = stockProblem(line);
  const problemId = `stock-${line.key}`;
  // Why plus stops, when it does and no stock problem already says more (decision 144).
  const stop = problem ? null : plusStop(line, LIMITS.cartLineQuantityMax);
  const stopId = `limit-${line.key}`;
  const sizeId = sizeControlId(product._id, size);

  const remove = (fromKeyboard: boolean) => {
    set(0);
    // Undo puts the same quantity back through the same change as the page's own buttons.
    showUndoToast({
      message: CART_TEXT.removed(product.name, size),
      focus: fromKeyboard,
      onUndo: () => {
        void updateCartQuantity(product._id, size, quantity);
        focusLine(product._id, size);
      },
    });
  };

  const changeSize = (to: string) => {
    void changeCartSize(product._id, { from: size, to }, unitsLeft(product, to, held)).then(
      (result) => {
        if (result.ok) notify.info(result.message);
      },
    );
    focusLine(product._id, to);
  };

  return (
    <li data-testid="cart-line" className="flex gap-4 border-b border-line py-5 sm:gap-6">
      <Link to={productPath(product)} className="shrink-0">
        <ProductThumb
          src={image}
          alt={product.name}
          width={96}
          height={120}
          className="h-[100px] w-20 rounded-sm sm:h-[120px] sm:w-24"
        />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <p className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">{brand}</p>
          <h2 className="mt-1 text-sm leading-snug font-medium sm:text-base">
            <Link to={productPath(product)} className="hover:underline hover:underline-offset-2">
              {product.name}
            </Link>
          </h2>
          <div className="mt-2 flex items-center gap-3 text-sm">
            <span data-testid="cart-line-price">{formatPrice(product.price)}</span>
            <label htmlFor={sizeId} className="flex items-center gap-1.5 text-muted">
              Size:
              <span className="relative inline-flex">
                <select
                  id={sizeId}
                  data-testid="cart-line-size"
                  aria-label={CART_TEXT.sizeFor(product.name)}
                  value={size}
                  onChange={(event) => changeSize(event.target.value)}
                  className="h-8 cursor-pointer appearance-none border border-line bg-white/70 pr-7 pl-2.5 text-xs text-ink hover:border-ink"
                >
                  {/* A size the product has dropped stays listed while its line is here. */}
                  {(product.sizes.includes(size) ? product.sizes : [size, ...product.sizes]).map(
                    (s) => {
                      const gone = s !== size && unitsLeft(product, s, held) === 0;
                      return (
                        <option key={s} value={s} disabled={gone}>
                          {gone ? CART_TEXT.soldOutSize(s) : s}
                        </option>
                      );
                    },
                  )}
                </select>
                <ChevronDownIcon
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-ink"
                />
              </span>
            </label>
          </div>
          {problem && (
            <p
              id={problemId}
              data-testid="cart-line-stock"
              className="mt-2 text-sm font-medium text-accent"
            >
              {problem}
            </p>
          )}
          {stop && (
            <p id={stopId} data-testid="cart-line-limit" className="mt-2 text-xs text-muted">
              {stop}
            </p>
          )}
        </div>

        <div className="flex items-center justify-between gap-4 sm:justify-end">
          <div
            className="inline-flex items-center border border-line bg-white/70"
            role="group"
            aria-label={`Quantity of ${label}`}
            aria-describedby={problem ? problemId : undefined}
          >
            <button
              type="button"
              className={stepButton}
              aria-label={`Decrease quantity of ${label}`}
              disabled={quantity <= 1}
              onClick={() => set(quantity - 1)}
            >
              <MinusIcon />
            </button>
            <output
              data-testid="cart-line-quantity"
              aria-live="polite"
              className="w-9 text-center text-sm tabular-nums"
            >
              {quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              aria-label={`Increase quantity of ${label}`}
              // No more than is left of the size (and the per-line limit); the note says which.
              aria-describedby={stop ? stopId : undefined}
              disabled={quantity >= lineMax(line, LIMITS.cartLineQuantityMax)}
              onClick={() => set(quantity + 1)}
            >
              <PlusIcon />
            </button>
          </div>
          <p
            className="w-24 text-right text-sm font-medium tabular-nums sm:w-28"
            data-testid="cart-line-total"
          >
            {formatPrice(product.price * quantity)}
          </p>
          <button
            type="button"
            aria-label={`Remove ${label} from the cart`}
            // A click from the keyboard (Enter, Space) has no pointer position: detail is 0.
            onClick={(event) => remove(event.detail === 0)}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-line/70 hover:text-ink"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}

function CartTotalsBox({ lines }: { lines: readonly CartLine[] }) {
  const navigate = useNavigate();
  const totals = totalsOf(lines);
  const mrp = mrpTotalsOf(lines);
  // A line asking for more than is left blocks checkout until the shopper changes it.
  const blocked = lines.some((line) => stockProblem(line) !== null);
  const button = useRef<HTMLButtonElement>(null);
  const proceed = () => {
    if (!blocked) navigate('/place-order');
  };
  return (
    <section aria-labelledby="cart-totals-title" className="border border-line bg-white/60 p-6">
      <h2 id="cart-totals-title" className="font-serif text-lg tracking-[0.16em] uppercase">
        Cart <span className="font-semibold">Totals</span>
      </h2>
      <TotalsList
        className="mt-5"
        rows={[
          ...mrpRows(mrp, 'cart'),
          { label: 'Subtotal', amount: formatPrice(totals.subtotal), testId: 'cart-subtotal' },
          {
            label: 'Delivery Fee',
            amount: formatPrice(totals.deliveryFee),
            testId: 'cart-delivery-fee',
          },
        ]}
        total={{ label: 'Total', amount: formatPrice(totals.total), testId: 'cart-total' }}
      />
      <YouSave amount={mrp?.discount ?? 0} testId="cart" />
      {blocked && (
        <p
          id="cart-fix"
          role="alert"
          data-testid="cart-fix"
          className="mt-6 border border-accent/30 bg-accent/5 px-4 py-3 text-sm"
        >
          {STOCK_MESSAGES.fixCart}
        </p>
      )}
      <button
        ref={button}
        type="button"
        // Not `disabled`: it keeps its place in the Tab order and points to the reason.
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? 'cart-fix' : undefined}
        onClick={proceed}
        className="mt-6 w-full bg-ink px-6 py-3.5 text-sm font-medium tracking-[0.16em] text-paper transition-colors hover:bg-accent-dark aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted"
      >
        PROCEED TO CHECKOUT
      </button>
      <CartCheckoutBar total={totals.total} blocked={blocked} onProceed={proceed} watch={button} />
    </section>
  );
}

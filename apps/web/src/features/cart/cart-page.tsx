import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { BRAND_LABELS, LIMITS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { STOCK_MESSAGES } from '@vastra/shared/stock-text';
import { DeliveryCheckBox } from '@/components/delivery/delivery-check-box';
import { ProductThumb } from '@/components/ui/product-thumb';
import { SectionTitle } from '@/components/ui/section-title';
import { cartStore, heldStore } from '@/lib/cart/cart';
import { updateCartQuantity } from '@/lib/cart/cart-sync';
import { useStore } from '@/lib/create-store';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadProducts, useProducts } from '@/lib/products-store';
import { useServerCart } from '@/lib/use-server-cart';
import { MinusIcon, PlusIcon, TrashIcon } from './cart-icons';
import {
  cartLines,
  lineMax,
  mrpTotalsOf,
  stockProblem,
  totalsOf,
  type CartLine,
} from '@/lib/cart/cart-lines';
import { CART_TEXT } from './messages';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TotalsList } from '@/components/ui/totals-list';
import { mrpRows, YouSave } from '@/components/ui/mrp-savings';

/** docs/product.md §2 /cart: the lines, the totals, and the way to checkout. */
export function CartPage() {
  useDocumentMeta('Your cart');
  const cart = useStore(cartStore);
  const held = useStore(heldStore);
  // Stock changes with every order: the catalogue is read afresh as the cart opens, so each line
  // says whether it can still be bought (docs/decisions/111); the last answer shows meanwhile.
  const products = useProducts({ reloadOnMount: true });

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
    body = (
      <LoadError message={products.error} onRetry={() => void loadProducts()} className="py-16" />
    );
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
            <CartLineRow key={line.key} line={line} />
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

function CartLineRow({ line }: { line: CartLine }) {
  const { product, size, quantity } = line;
  const brand = BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory;
  const label = `${product.name}, size ${size}`;
  const image = product.image[0];
  const set = (next: number) => void updateCartQuantity(product._id, size, next);
  const problem = stockProblem(line);
  const problemId = `stock-${line.key}`;

  return (
    <li data-testid="cart-line" className="flex gap-4 border-b border-line py-5 sm:gap-6">
      <Link to={`/product/${product._id}`} className="shrink-0">
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
            <Link
              to={`/product/${product._id}`}
              className="hover:underline hover:underline-offset-2"
            >
              {product.name}
            </Link>
          </h2>
          <div className="mt-2 flex items-center gap-3 text-sm">
            <span data-testid="cart-line-price">{formatPrice(product.price)}</span>
            <span className="text-muted">
              Size:{' '}
              <span
                data-testid="cart-line-size"
                className="border border-line bg-white/70 px-2 py-0.5 text-xs text-ink"
              >
                {size}
              </span>
            </span>
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
              // No more than is left of the size (and the per-line limit).
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
            onClick={() => set(0)}
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
        type="button"
        // Not `disabled`: it keeps its place in the Tab order and points to the reason.
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? 'cart-fix' : undefined}
        onClick={() => {
          if (!blocked) navigate('/place-order');
        }}
        className="mt-6 w-full bg-ink px-6 py-3.5 text-sm font-medium tracking-[0.16em] text-paper transition-colors hover:bg-accent-dark aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted"
      >
        PROCEED TO CHECKOUT
      </button>
    </section>
  );
}

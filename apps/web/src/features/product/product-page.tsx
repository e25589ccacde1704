import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BRAND_LABELS, RETURN_WINDOW_DAYS, type Brand } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { STOCK_MESSAGES, stockNote } from '@vastra/shared/stock-text';
import { DeliveryCheckBox } from '@/components/delivery/delivery-check-box';
import { CashIcon, CheckBadgeIcon, ReturnIcon } from '@/components/ui/page-icons';
import { Price } from '@/components/ui/price';
import { ProductGrid } from '@/components/ui/product-grid';
import { SectionTitle } from '@/components/ui/section-title';
import { addToCart as sendToCart } from '@/lib/cart/cart-sync';
import { useDocumentMeta } from '@/lib/document-meta';
import { getToken } from '@/lib/session';
import { isSoldOut, unitsOf } from '@/lib/stock';
import { notify } from '@/lib/toast';
import { PRODUCT_MESSAGES } from './messages';
import { ProductBreadcrumb } from './product-breadcrumb';
import { ProductGallery } from './product-gallery';
import { ProductBuyBar } from './product-buy-bar';
import { ProductJsonLd } from './product-json-ld';
import { ProductTabs } from './product-tabs';
import { RatingLine } from './rating-line';
import { useRelated } from './use-related';
import { useCanonicalProductPath } from './use-canonical-product-path';
import { useProduct } from './use-product';
import { LoadError } from '@/components/ui/load-error';
import { WishlistHeart } from '@/components/wishlist/wishlist-heart';
import { loginReturnState } from '@/lib/login-return';

export function ProductPage({ productId }: { productId: string }) {
  const lookup = useProduct(productId);
  const product = lookup.product;
  useCanonicalProductPath(product);
  useDocumentMeta(
    lookup.status === 'ready'
      ? lookup.product.name
      : lookup.status === 'loading'
        ? null
        : 'Product not found',
    product ? product.description.slice(0, 155) : undefined,
  );

  if (lookup.status === 'loading') return <ProductSkeleton />;
  if (lookup.status === 'not-found') return <ProductNotFound />;
  if (lookup.status === 'error') {
    return (
      <LoadError
        title="We could not load this product"
        message={lookup.message}
        onRetry={lookup.retry}
        className="container-shop py-20"
      />
    );
  }
  return <ProductDetail product={lookup.product} />;
}

function ProductDetail({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [picked, setSize] = useState('');
  const actions = useRef<HTMLDivElement>(null);
  const brand = BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory;
  const units = (s: string) => unitsOf(product.stock, s);
  const soldOut = isSoldOut(product.stock);
  // A size that sold out since it was picked (the catalogue was read again) is no longer chosen.
  const size = picked && units(picked) > 0 ? picked : '';
  // 'Only N left' for the chosen size when it is true (docs/decisions/111); null otherwise.
  const fewLeft = size ? stockNote(units(size)) : null;

  const addToCart = () => {
    if (!size) {
      notify.error(PRODUCT_MESSAGES.selectSize);
      return;
    }
    if (!getToken()) {
      notify.info(PRODUCT_MESSAGES.loginToAdd);
      // Logging in comes back here and adds this size (docs/decisions/135-pick-up-where-you-were.md).
      navigate('/login', {
        state: loginReturnState({
          from: `/product/${product._id}`,
          add: { productId: product._id, size },
        }),
      });
      return;
    }
    // Local first (docs/product.md §4), then the server; a refusal is undone and its message shown there.
    // The toast waits for the server's yes, for any size the product has (docs/architecture.md §4.6).
    const chosen = size;
    void sendToCart(product._id, chosen).then((result) => {
      if (result.ok && product.sizes.includes(chosen)) notify.success(PRODUCT_MESSAGES.added);
    });
  };

  return (
    <div className="container-shop pt-6 sm:pt-8">
      <ProductJsonLd product={product} />
      <ProductBreadcrumb product={product} />

      <div className="grid gap-8 md:grid-cols-2 md:gap-10 lg:gap-16">
        <ProductGallery images={product.image} name={product.name} />

        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">{brand}</p>
          <h1 className="mt-2 font-serif text-2xl leading-snug sm:text-3xl">{product.name}</h1>
          <div className="mt-3">
            <RatingLine productId={product._id} />
          </div>
          <div className="mt-5">
            <Price price={product.price} mrp={product.mrp} size="lg" />
            <p className="mt-1 text-xs text-muted">Inclusive of all taxes</p>
          </div>
          <p className="mt-5 leading-relaxed text-muted md:max-w-md">{product.description}</p>

          <div className="mt-8" role="group" aria-labelledby="size-label">
            <p id="size-label" className="mb-3 text-sm font-medium">
              Select Size{size && <span className="font-normal text-muted"> — {size}</span>}
            </p>
            <div className="flex flex-wrap gap-2">
              {product.sizes.map((s) => {
                const gone = units(s) === 0;
                return (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={s === size}
                    // Not `disabled`: a sold-out size stays in the Tab order and is announced
                    // as "M, sold out", unavailable (docs/decisions/111).
                    aria-disabled={gone || undefined}
                    aria-label={gone ? `${s}, ${STOCK_MESSAGES.soldOut.toLowerCase()}` : undefined}
                    data-testid="size-option"
                    onClick={() => {
                      if (!gone) setSize(s);
                    }}
                    className={`h-11 min-w-12 border px-3 text-sm transition-colors ${
                      gone
                        ? 'cursor-not-allowed border-line bg-line/40 text-muted line-through decoration-1'
                        : s === size
                          ? 'border-ink bg-ink text-paper'
                          : 'border-line bg-white/60 text-ink hover:border-ink'
                    }`}
                  >
                    {s}
                  </button>
                );
              })}
            </div>
            <p
              role="status"
              data-testid="stock-note"
              className="mt-3 min-h-5 text-sm font-medium text-accent"
            >
              {fewLeft}
            </p>
          </div>

          <div ref={actions} className="mt-5 flex gap-3">
            {soldOut ? (
              <button
                type="button"
                disabled
                aria-describedby="sold-out-note"
                className="flex-1 cursor-not-allowed bg-line px-8 py-4 text-sm font-medium tracking-[0.18em] text-muted sm:flex-none sm:px-14"
              >
                {STOCK_MESSAGES.soldOut.toUpperCase()}
              </button>
            ) : (
              <button
                type="button"
                onClick={addToCart}
                className="flex-1 bg-ink px-8 py-4 text-sm font-medium tracking-[0.18em] text-paper transition-colors hover:bg-accent-dark active:bg-accent-dark sm:flex-none sm:px-14"
              >
                ADD TO CART
              </button>
            )}
            {/* Beside ADD TO CART, and beside SOLD OUT too: a sold-out product is one to keep for later. */}
            <WishlistHeart productId={product._id} />
          </div>
          {!soldOut && (
            <ProductBuyBar
              product={product}
              size={size}
              units={units}
              onSize={setSize}
              onAdd={addToCart}
              watch={actions}
            />
          )}
          {soldOut && (
            <p id="sold-out-note" className="mt-3 text-sm text-muted">
              {PRODUCT_MESSAGES.soldOut}
            </p>
          )}

          <DeliveryCheckBox className="mt-8 md:max-w-md" />

          <ul className="mt-8 space-y-3 border-t border-line pt-6 text-sm text-muted">
            <li className="flex items-center gap-3">
              <CheckBadgeIcon size={20} className="shrink-0 text-ink" />
              100% original product.
            </li>
            <li className="flex items-center gap-3">
              <CashIcon size={20} className="shrink-0 text-ink" />
              Cash on delivery is available on this product.
            </li>
            <li className="flex items-center gap-3">
              <ReturnIcon size={20} className="shrink-0 text-ink" />
              Easy return and exchange policy within {RETURN_WINDOW_DAYS} days.
            </li>
          </ul>
        </div>
      </div>

      <ProductTabs product={product} />

      <RelatedProducts productId={product._id} />
    </div>
  );
}

/** Its own component: the row's answer draws the row alone, not the whole page again. */
function RelatedProducts({ productId }: { productId: string }) {
  const related = useRelated(productId);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-16 sm:mt-24">
      <SectionTitle id="related-title" light="Related" bold="Products" />
      <ProductGrid products={related} label="Related products" wide />
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="container-shop animate-pulse pt-14" role="status" aria-label="Loading product">
      <div className="grid gap-8 md:grid-cols-2 md:gap-16">
        <div className="aspect-[4/5] rounded-sm bg-line/70" />
        <div className="space-y-4">
          <div className="h-3 w-24 rounded bg-line/70" />
          <div className="h-7 w-3/4 rounded bg-line/70" />
          <div className="h-4 w-32 rounded bg-line/70" />
          <div className="h-8 w-40 rounded bg-line/70" />
          <div className="h-20 w-full rounded bg-line/70" />
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="container-shop flex min-h-[55vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-xs font-semibold tracking-[0.3em] text-accent">PRODUCT NOT FOUND</p>
      <h1 className="mt-3 font-serif text-3xl sm:text-4xl">We couldn&apos;t find that product</h1>
      <p className="mt-4 max-w-md text-muted">
        It may have sold out and been removed, or the link may be mistyped. There is plenty more to
        see in the collection.
      </p>
      <Link
        to="/collection"
        className="mt-8 bg-ink px-7 py-3 text-sm font-medium tracking-[0.14em] text-paper hover:bg-ink/85"
      >
        BROWSE THE COLLECTION
      </Link>
    </section>
  );
}

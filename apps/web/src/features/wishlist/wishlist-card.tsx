import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@vastra/shared/schemas/product';
import type { WishlistEntry } from '@vastra/shared/schemas/wishlist';
import { Button } from '@/components/ui/button';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { Price } from '@/components/ui/price';
import { ProductThumb } from '@/components/ui/product-thumb';
import { unitsOf } from '@/lib/stock';
import { WISHLIST_TEXT } from './messages';
import { moveToCart, unsaveProduct } from '@/lib/wishlist/use-wishlist';
import { productPath } from '@vastra/shared/links/product-url';

/** Catalogue pictures are 4:5 portrait (as the product card's). */
const PICTURE = {
  width: 480,
  height: 600,
  className: 'aspect-[4/5] w-full',
  sizes: PICTURE_SIZES.grid,
} as const;

/** One saved product: its picture, name and price, "Move to cart" and "Remove". */
export function WishlistCard({ entry }: { entry: WishlistEntry }) {
  const [busy, setBusy] = useState(false);
  // One change at a time per card; the list the server answers replaces the card (or removes it).
  const run = (send: () => Promise<boolean>) => {
    if (busy) return;
    setBusy(true);
    void send().finally(() => setBusy(false));
  };
  const remove = (
    <button
      type="button"
      aria-label={`${WISHLIST_TEXT.remove} ${entry.name}`}
      aria-disabled={busy || undefined}
      onClick={() => run(() => unsaveProduct(entry.productId))}
      className="text-sm text-muted underline underline-offset-4 hover:text-ink aria-disabled:cursor-progress"
    >
      {WISHLIST_TEXT.remove}
    </button>
  );

  if (!entry.product) {
    // The shop removed it: named and greyed, so the shopper sees it went; Remove is all there is.
    return (
      <article data-testid="wishlist-item" aria-label={entry.name} className="text-muted">
        <ProductThumb
          src={entry.image ?? undefined}
          alt={entry.name}
          {...PICTURE}
          className={`${PICTURE.className} opacity-50 grayscale`}
        />
        <h2 className="mt-3 line-clamp-2 text-sm leading-snug">{entry.name}</h2>
        <p className="mt-1 text-xs">{WISHLIST_TEXT.gone}</p>
        <div className="mt-3">{remove}</div>
      </article>
    );
  }

  const product = entry.product;
  return (
    <article data-testid="wishlist-item" aria-label={product.name}>
      <Link to={productPath(product)} className="group block">
        <ProductThumb src={product.image[0]} alt={product.name} {...PICTURE} />
        <h2 className="mt-3 line-clamp-2 text-sm leading-snug text-ink group-hover:underline group-hover:underline-offset-2">
          {product.name}
        </h2>
      </Link>
      <div className="mt-1">
        <Price price={product.price} mrp={product.mrp} />
      </div>
      <MoveToCart
        product={product}
        busy={busy}
        onMove={(size) => run(() => moveToCart(product._id, size))}
      />
      <div className="mt-2">{remove}</div>
    </article>
  );
}

/**
 * "Move to cart" asks for a size first, inline: chips of the sizes that have stock now (a sold-out
 * size cannot be moved, the cart would refuse it). Every size gone: it says so instead.
 */
function MoveToCart({
  product,
  busy,
  onMove,
}: {
  product: Product;
  busy: boolean;
  onMove: (size: string) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const firstChip = useRef<HTMLButtonElement>(null);
  const sizes = product.sizes.filter((s) => unitsOf(product.stock, s) > 0);
  // The chips replace the button that opened them: the keyboard focus moves onto the first one.
  useEffect(() => {
    if (choosing) firstChip.current?.focus();
  }, [choosing]);

  if (sizes.length === 0) return <p className="mt-3 text-xs text-muted">{WISHLIST_TEXT.soldOut}</p>;
  if (!choosing) {
    return (
      <Button onClick={() => setChoosing(true)} className="mt-3 w-full">
        {WISHLIST_TEXT.moveToCart}
      </Button>
    );
  }
  const labelId = `move-size-${product._id}`;
  return (
    <div role="group" aria-labelledby={labelId} aria-busy={busy} className="mt-3">
      <p id={labelId} className="text-xs font-medium">
        {WISHLIST_TEXT.chooseSize}
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {sizes.map((s, i) => (
          <button
            key={s}
            ref={i === 0 ? firstChip : undefined}
            type="button"
            aria-disabled={busy || undefined}
            aria-label={`Move ${product.name} to the cart in size ${s}`}
            onClick={() => onMove(s)}
            className="h-9 min-w-10 border border-line bg-white/60 px-2 text-sm text-ink transition-colors hover:border-ink aria-disabled:cursor-progress aria-disabled:opacity-60"
          >
            {s}
          </button>
        ))}
        <button
          type="button"
          onClick={() => setChoosing(false)}
          className="h-9 px-2 text-xs text-muted underline underline-offset-4 hover:text-ink"
        >
          {WISHLIST_TEXT.cancel}
        </button>
      </div>
    </div>
  );
}

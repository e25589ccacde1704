import { Link } from 'react-router';
import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { SOLD_OUT } from '@vastra/shared/stock-text';
import { isSoldOut } from '@/lib/stock';
import { WishlistHeart } from '@/components/wishlist/wishlist-heart';
import { Price } from './price';
import { productPath } from '@vastra/shared/links/product-url';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';

/** Catalogue pictures are 4:5 portrait; the attributes reserve the space before they load. */
const CARD_IMAGE = { width: 480, height: 600 } as const;

export type CardProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'mrp' | 'image' | 'subCategory' | 'stock'
>;

export function ProductCard({
  product,
  sizes,
  eager = false,
}: {
  product: CardProduct;
  /** How wide the card's layout draws it (`PICTURE_SIZES`), for the picture's `srcset`. */
  sizes: string;
  eager?: boolean;
}) {
  const src = product.image[0];
  const brand = BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory;
  const soldOut = isSoldOut(product.stock);
  // The heart is the link's sibling, not inside it: a button within a link is neither valid
  // HTML nor usable by keyboard or screen reader.
  return (
    <div className="relative">
      <Link
        to={productPath(product)}
        className="group block rounded-sm focus-visible:outline-offset-4"
        data-testid="product-card"
      >
        <div className="relative aspect-[4/5] overflow-hidden rounded-sm bg-line/60">
          {src ? (
            <img
              src={src}
              srcSet={pictureSrcset(src)}
              sizes={sizes}
              alt={product.name}
              width={CARD_IMAGE.width}
              height={CARD_IMAGE.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className={`h-full w-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] ${soldOut ? 'opacity-60' : ''}`}
            />
          ) : (
            <div className="flex h-full items-center justify-center text-xs text-muted">
              No picture
            </div>
          )}
          {soldOut && (
            <p
              data-testid="card-sold-out"
              className="absolute top-2 left-2 bg-paper px-2 py-1 text-[11px] font-semibold tracking-[0.14em] text-ink uppercase"
            >
              {SOLD_OUT}
            </p>
          )}
        </div>
        <div className="mt-3 space-y-1">
          <p className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">{brand}</p>
          <h3 className="line-clamp-2 text-sm leading-snug text-ink group-hover:underline group-hover:underline-offset-2">
            {product.name}
          </h3>
          <Price price={product.price} mrp={product.mrp} />
        </div>
      </Link>
      <div className="absolute top-2 right-2">
        <WishlistHeart productId={product._id} productName={product.name} look="card" />
      </div>
    </div>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse">
      <div className="aspect-[4/5] rounded-sm bg-line/70" />
      <div className="mt-3 h-2.5 w-1/3 rounded bg-line/70" />
      <div className="mt-2 h-3 w-4/5 rounded bg-line/70" />
      <div className="mt-2 h-3 w-1/3 rounded bg-line/70" />
    </div>
  );
}

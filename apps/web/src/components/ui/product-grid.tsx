import type { ReactNode } from 'react';
import { ProductCard, ProductCardSkeleton, type CardProduct } from './product-card';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4';

/** A list of product cards; `wide` gives it 5 columns on large screens (home and related rows). */
export function ProductGrid({
  products,
  label,
  wide = false,
  sizes = wide ? PICTURE_SIZES.row : PICTURE_SIZES.grid,
  eagerCount = 0,
}: {
  products: readonly CardProduct[];
  label: string;
  wide?: boolean;
  /** How wide a card is drawn: the page's width by default; the collection's is beside filters. */
  sizes?: string;
  eagerCount?: number;
}) {
  return (
    <ul aria-label={label} className={`${GRID} ${wide ? 'xl:grid-cols-5' : ''}`}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} sizes={sizes} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({
  count,
  wide = false,
  label = 'Loading products',
}: {
  count: number;
  wide?: boolean;
  label?: string;
}): ReactNode {
  return (
    <div
      role="status"
      aria-label={label}
      aria-live="polite"
      className={`${GRID} ${wide ? 'xl:grid-cols-5' : ''}`}
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import { ProductCard, ProductCardSkeleton, type CardProduct } from './product-card';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4';

/** A list of product cards; `columns` widens it on large screens (home and related rows use 5). */
export function ProductGrid({
  products,
  label,
  wide = false,
  eagerCount = 0,
}: {
  products: readonly CardProduct[];
  label: string;
  wide?: boolean;
  eagerCount?: number;
}) {
  return (
    <ul aria-label={label} className={`${GRID} ${wide ? 'xl:grid-cols-5' : ''}`}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < eagerCount} />
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

import type { RefObject } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import { STOCK_MESSAGES } from '@vastra/shared/stock-text';
import { BAR_ACTION, BarFigure, StickyBar } from '@/components/ui/sticky-bar';

/**
 * On a phone, the price, the size and ADD TO CART at the bottom of the screen while the page's own
 * ADD TO CART is out of view (docs/decisions/138-phone-ergonomics.md). It sets the page's size and
 * calls the page's own handler, so "Please select a size" and the login rule are one code path.
 * Sizes with nothing left are listed but cannot be chosen, as on the page (docs/decisions/111).
 */
export function ProductBuyBar({
  product,
  size,
  units,
  onSize,
  onAdd,
  watch,
}: {
  product: Product;
  size: string;
  units: (size: string) => number;
  onSize: (size: string) => void;
  onAdd: () => void;
  watch: RefObject<HTMLElement | null>;
}) {
  return (
    <StickyBar watch={watch} label="Price, size and add to cart" testId="product-buy-bar">
      <BarFigure label="Price" amount={formatPrice(product.price)} testId="bar-price" />
      <select
        aria-label="Size"
        value={size}
        onChange={(event) => onSize(event.target.value)}
        className="h-12 min-w-0 shrink cursor-pointer border border-line bg-white/70 px-2 text-sm focus-visible:border-ink"
      >
        <option value="">Size</option>
        {product.sizes.map((s) => {
          const gone = units(s) === 0;
          return (
            <option key={s} value={s} disabled={gone}>
              {gone ? `${s}, ${STOCK_MESSAGES.soldOut.toLowerCase()}` : s}
            </option>
          );
        })}
      </select>
      <button type="button" onClick={onAdd} className={BAR_ACTION}>
        ADD TO CART
      </button>
    </StickyBar>
  );
}

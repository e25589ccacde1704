import { formatPrice, mrpDiscountPercent } from '@vastra/shared/pricing/money';

type PriceSize = 'sm' | 'lg';

/**
 * A price with, when the product's MRP is above it, the MRP struck through and the discount
 * computed from it (docs/decisions/126-mrp-display.md); without one, the price alone. Screen
 * readers hear "Price ₹1,299, MRP ₹1,998, 35% off".
 */
export function Price({
  price,
  mrp,
  size = 'sm',
}: {
  price: number;
  mrp: number | null;
  size?: PriceSize;
}) {
  const off = mrpDiscountPercent(price, mrp);
  const big = size === 'lg';
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${big ? 'text-2xl sm:text-3xl' : 'text-sm'}`}
      data-testid="price"
    >
      <span className="sr-only">Price </span>
      <span className="font-semibold text-ink" data-testid="price-current">
        {formatPrice(price)}
      </span>
      {off > 0 && (
        <>
          <span className="sr-only">, MRP </span>
          <s
            className={`text-muted ${big ? 'text-base sm:text-lg' : 'text-xs'}`}
            data-testid="price-original"
          >
            {formatPrice(mrp!)}
          </s>
          <span className="sr-only">, </span>
          <span
            className={`font-medium text-sale ${big ? 'text-base sm:text-lg' : 'text-xs'}`}
            data-testid="price-discount"
          >
            {off}% off
          </span>
        </>
      )}
    </p>
  );
}

import { discountPercent, formatPrice, originalPrice } from '@vastra/shared/pricing/money';

type PriceSize = 'sm' | 'lg';

/**
 * A price with its struck-through original (price / 0.65) and the discount computed from it
 * (docs/product.md §3). Screen readers hear "Price ₹1,299, was ₹1,998, 35% off".
 */
export function Price({
  price,
  size = 'sm',
  showOriginal = true,
}: {
  price: number;
  size?: PriceSize;
  showOriginal?: boolean;
}) {
  const original = originalPrice(price);
  const off = discountPercent(price);
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
      {showOriginal && off > 0 && (
        <>
          <span className="sr-only">, was </span>
          <s
            className={`text-muted ${big ? 'text-base sm:text-lg' : 'text-xs'}`}
            data-testid="price-original"
          >
            {formatPrice(original)}
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

import { CURRENCY_SYMBOL, ORIGINAL_PRICE_FACTOR } from '../constants';

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** `₹1,29,999`: whole rupees with Indian digit grouping (docs/architecture.md §5). */
export function formatPrice(amount: number): string {
  return `${CURRENCY_SYMBOL}${rupees.format(amount)}`;
}

/** The struck-through price on product pages: price / 0.65, rounded (docs/product.md §3). */
export function originalPrice(price: number): number {
  return Math.round(price / ORIGINAL_PRICE_FACTOR);
}

/** The discount shown beside it, computed from that rounded original price, rounded. */
export function discountPercent(price: number): number {
  const original = originalPrice(price);
  if (original <= 0) return 0;
  return Math.round(((original - price) / original) * 100);
}

const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in paise (refunds): ₹1,234 when whole, ₹1,234.50 otherwise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0
    ? formatPrice(paise / 100)
    : `${CURRENCY_SYMBOL}${rupeesAndPaise.format(paise / 100)}`;
}

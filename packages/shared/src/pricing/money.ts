import { CURRENCY_SYMBOL } from '../constants';

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** `₹1,29,999`: whole rupees with Indian digit grouping (docs/architecture.md §5). */
export function formatPrice(amount: number): string {
  return `${CURRENCY_SYMBOL}${rupees.format(amount)}`;
}

/**
 * The discount shown beside a struck-through MRP: round((mrp − price) ÷ mrp × 100). 0 when the
 * product has no MRP or its MRP is not above the price: the shop never invents a reference price
 * (docs/decisions/123-gst-invoices.md, 126-mrp-display.md).
 */
export function mrpDiscountPercent(price: number, mrp: number | null): number {
  return mrp !== null && mrp > price ? Math.round(((mrp - price) / mrp) * 100) : 0;
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

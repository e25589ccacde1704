import { CURRENCY_SYMBOL } from '../constants';

/**
 * `1234567` → `12,34,567`: the last three digits, then pairs. Written out, not asked of
 * `Intl.NumberFormat('en-IN')`, which gives the same text: a page's first Intl formatter loads
 * ICU's number data, 25–80 ms of the main thread on a desktop core, before the first price of a
 * page can show (docs/decisions/162-prices-and-days-without-icu.md). `money.test.ts` checks it
 * against Intl.
 */
function indianGrouping(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** `-` before a negative amount, as Intl puts it: after the rupee sign (`₹-1,299`). */
const signOf = (amount: number, shown: number) => (amount < 0 && shown > 0 ? '-' : '');

/** `₹1,29,999`: whole rupees with Indian digit grouping (docs/architecture.md §5), rounded. */
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount)) return `${CURRENCY_SYMBOL}${amount}`;
  const whole = Math.round(Math.abs(amount));
  return `${CURRENCY_SYMBOL}${signOf(amount, whole)}${indianGrouping(whole)}`;
}

/**
 * The discount shown beside a struck-through MRP: round((mrp − price) ÷ mrp × 100). 0 when the
 * product has no MRP or its MRP is not above the price: the shop never invents a reference price
 * (docs/decisions/123-gst-invoices.md, 126-mrp-display.md).
 */
export function mrpDiscountPercent(price: number, mrp: number | null): number {
  return mrp !== null && mrp > price ? Math.round(((mrp - price) / mrp) * 100) : 0;
}

/** An amount in paise (refunds): ₹1,234 when whole, ₹1,234.50 otherwise. */
export function formatPaise(paise: number): string {
  if (!Number.isFinite(paise)) return `${CURRENCY_SYMBOL}${paise}`;
  const whole = Math.round(Math.abs(paise));
  if (whole % 100 === 0) return formatPrice(paise / 100);
  const rupees = indianGrouping(Math.floor(whole / 100));
  const cents = String(whole % 100).padStart(2, '0');
  return `${CURRENCY_SYMBOL}${signOf(paise, whole)}${rupees}.${cents}`;
}

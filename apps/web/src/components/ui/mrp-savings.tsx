import { formatPrice } from '@vastra/shared/pricing/money';
import type { MrpTotals } from '@/lib/cart/cart-lines';
import type { TotalsRow } from './totals-list';

/**
 * "Total MRP" and "Discount on MRP", the first rows of the cart's and the checkout's totals when
 * some line has an MRP above its price (docs/decisions/126-mrp-display.md); none otherwise.
 * `testId`: the list's prefix (cart, summary).
 */
export function mrpRows(mrp: MrpTotals | null, testId: string): TotalsRow[] {
  if (!mrp) return [];
  return [
    { label: 'Total MRP', amount: formatPrice(mrp.totalMrp), testId: `${testId}-total-mrp` },
    {
      label: 'Discount on MRP',
      amount: `−${formatPrice(mrp.discount)}`,
      saving: true,
      testId: `${testId}-mrp-discount`,
    },
  ];
}

/** "You save ₹…" under the total: the MRP discount and the coupon's; nothing when 0. */
export function YouSave({ amount, testId }: { amount: number; testId: string }) {
  if (amount <= 0) return null;
  return (
    <p
      data-testid={`${testId}-you-save`}
      className="mt-3 bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800"
    >
      You save {formatPrice(amount)}
    </p>
  );
}

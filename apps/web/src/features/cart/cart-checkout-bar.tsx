import type { RefObject } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import { BAR_ACTION, BarFigure, StickyBar } from '@/components/ui/sticky-bar';

/**
 * On a phone, the cart's total and PROCEED TO CHECKOUT at the bottom of the screen while the
 * totals box's own button is out of view (docs/decisions/138-phone-ergonomics.md). Held back, and
 * pointing to the reason, exactly when the box's button is.
 */
export function CartCheckoutBar({
  total,
  blocked,
  onProceed,
  watch,
}: {
  total: number;
  blocked: boolean;
  onProceed: () => void;
  watch: RefObject<HTMLElement | null>;
}) {
  return (
    <StickyBar watch={watch} label="Cart total and checkout" testId="cart-checkout-bar">
      <BarFigure label="Total" amount={formatPrice(total)} testId="bar-total" />
      <button
        type="button"
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? 'cart-fix' : undefined}
        onClick={onProceed}
        className={BAR_ACTION}
      >
        PROCEED TO CHECKOUT
      </button>
    </StickyBar>
  );
}

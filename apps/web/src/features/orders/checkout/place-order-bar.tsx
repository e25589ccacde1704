import type { RefObject } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import { BAR_ACTION, BarFigure, StickyBar } from '@/components/ui/sticky-bar';

/**
 * On a phone, the order's total and PLACE ORDER at the bottom of the screen while the page's own
 * button is out of view (docs/decisions/138-phone-ergonomics.md). It submits the same form
 * (`form="checkout-form"`), so the address, the delivery check and the terms are checked as they
 * are for the page's button; its label and disabled state are the page's button's.
 */
export function PlaceOrderBar({
  total,
  label,
  disabled,
  watch,
}: {
  total: number;
  label: string;
  disabled: boolean;
  watch: RefObject<HTMLElement | null>;
}) {
  return (
    <StickyBar watch={watch} label="Order total and place order" testId="place-order-bar">
      <BarFigure label="Total" amount={formatPrice(total)} testId="bar-total" />
      <button type="submit" form="checkout-form" disabled={disabled} className={BAR_ACTION}>
        {label}
      </button>
    </StickyBar>
  );
}

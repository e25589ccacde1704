import { Link } from 'react-router';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { OrderDetail } from '@vastra/shared/schemas/order-life';
import { buttonClass } from '@/components/ui/button';
import { formatWindow, ORDER_PAGE_TEXT, paidWithLabel } from './order-life-text';

/** What the confirmation says about the money: paid and how, to pay at the door, or still checking. */
function paymentLine(order: OrderDetail): string {
  const amount = formatPrice(order.amount);
  if (order.paymentMethod === 'cod') return `Pay ${amount} on delivery.`;
  if (order.payment) {
    const how = paidWithLabel(order.paidWith);
    return how ? `Paid ${amount} online by ${how}.` : `Paid ${amount} online.`;
  }
  return `We are confirming your payment of ${amount}.`;
}

/**
 * The confirmation on top of the order page after a payment or a cash-on-delivery placement
 * (`/orders/:id?placed=1`, docs/decisions/121-storefront-order-page.md).
 */
export function PlacedPanel({ order }: { order: OrderDetail }) {
  return (
    <section
      aria-labelledby="order-placed-title"
      data-testid="order-placed"
      className="mb-8 border border-ink bg-white px-5 py-6 text-center sm:px-8 sm:py-8"
    >
      <p aria-hidden="true" className="text-3xl leading-none text-sale">
        ✓
      </p>
      <h2 id="order-placed-title" className="mt-3 font-serif text-2xl sm:text-3xl">
        {ORDER_PAGE_TEXT.thankYou}
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your order number is{' '}
        <span data-testid="placed-number" className="font-medium text-ink">
          #{order.orderNumber}
        </span>
        .
      </p>
      <p data-testid="placed-payment" className="mt-4 font-medium">
        {paymentLine(order)}
      </p>
      {order.expectedDelivery && (
        <p data-testid="placed-delivery" className="mt-1 text-sm">
          Expected delivery: {formatWindow(order.expectedDelivery)}
        </p>
      )}
      <Link to="/collection" className={`mt-6 inline-flex ${buttonClass('secondary')}`}>
        Continue shopping
      </Link>
    </section>
  );
}

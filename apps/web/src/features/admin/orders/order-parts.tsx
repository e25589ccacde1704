import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { AdminOrder } from '@vastra/shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { TotalsList } from '@/components/ui/totals-list';
import { formatTime } from '../format';
import { Thumb } from '../ui';
import type { OrderAction } from './order-actions';
import { METHOD_LABELS, paymentLabel, paymentTone } from './order-words';

/**
 * The pieces the order list's cards and the order screen both show (docs/decisions/122), so an
 * order reads the same in both places.
 */

type BadgeOrder = Pick<
  AdminOrder,
  'status' | 'paymentState' | 'paymentMethod' | 'holdState' | 'holdExpiresAt' | 'payment'
>;

export function OrderBadges({ order }: { order: BadgeOrder }) {
  return (
    <div className="flex flex-wrap gap-2 text-xs">
      <HoldBadge order={order} />
      <span
        data-testid="admin-order-status"
        className="rounded-full border border-ink px-3 py-1 font-medium"
      >
        {order.status}
      </span>
      <span
        data-testid="admin-order-payment"
        className={`rounded-full px-3 py-1 font-medium ${paymentTone(order.paymentState)}`}
      >
        {paymentLabel(order.paymentState)} · {METHOD_LABELS[order.paymentMethod]}
      </span>
    </div>
  );
}

/**
 * Where an online order's units stand while it matters: held for an unpaid order (until when), or
 * given back because it was never paid. Taken units (a paid or cash-on-delivery order) are the
 * usual case and say nothing.
 */
function HoldBadge({ order }: { order: BadgeOrder }) {
  if (order.holdState === 'held')
    return (
      <span
        data-testid="admin-order-hold"
        className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900"
      >
        Stock held
        {order.holdExpiresAt !== null && ` until ${formatTime(order.holdExpiresAt)}`}
      </span>
    );
  if (order.holdState === 'released' && !order.payment)
    return (
      <span data-testid="admin-order-hold" className="rounded-full bg-line px-3 py-1 text-ink">
        Stock released
      </span>
    );
  return null;
}

export function OrderItems({ order, label }: { order: Pick<AdminOrder, 'items'>; label: string }) {
  return (
    <ul aria-label={`Items in order ${label}`} className="space-y-2">
      {order.items.map((item) => (
        <li key={`${item._id}:${item.size}`} className="flex gap-3">
          <Thumb src={item.image[0]} size="sm" />
          <div className="min-w-0">
            <p className="break-words">{item.name}</p>
            <p className="text-xs text-muted">
              {BRAND_LABELS[item.subCategory as Brand] ?? item.subCategory} · Size {item.size} ·{' '}
              {item.quantity} × {formatPrice(item.price)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DeliverTo({ address }: { address: AdminOrder['address'] }) {
  return (
    <address className="text-sm not-italic break-words">
      <span className="block text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
        Deliver to
      </span>
      {address.firstName} {address.lastName}
      <br />
      {address.street}, {address.city}
      {address.state ? `, ${address.state}` : ''} {address.zipcode}
      <br />
      {address.phone} · {address.email}
    </address>
  );
}

export function OrderTotals({
  order,
}: {
  order: Pick<AdminOrder, 'subtotal' | 'deliveryFee' | 'discount' | 'coupon' | 'amount'>;
}) {
  return (
    <TotalsList
      look="compact"
      rows={[
        { label: 'Subtotal', amount: formatPrice(order.subtotal) },
        { label: 'Delivery', amount: formatPrice(order.deliveryFee) },
        ...(order.discount > 0
          ? [
              {
                label: `Discount${order.coupon ? ` (${order.coupon})` : ''}`,
                amount: `−${formatPrice(order.discount)}`,
                saving: true,
              },
            ]
          : []),
      ]}
      total={{ label: 'Total', amount: formatPrice(order.amount), testId: 'admin-order-total' }}
    />
  );
}

/** The order's buttons (orderActions), or nothing when no step is left. */
export function OrderButtons({
  actions,
  busy,
  onAction,
}: {
  actions: OrderAction[];
  busy: boolean;
  onAction: (action: OrderAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.label}
          disabled={busy}
          onClick={() => onAction(action)}
          variant={action.danger ? 'danger' : action.kind === 'paid' ? 'secondary' : 'primary'}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}

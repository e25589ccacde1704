import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { OrderItem, OrderSummary } from '@vastra/shared/schemas/order';
import { ProductThumb } from '@/components/ui/product-thumb';
import { OpenOrderActions } from './open-order-actions';
import { ORDERS_TEXT, PAYMENT_METHOD_LABELS } from './messages';
import {
  displayStatus,
  formatOrderDate,
  orderReference,
  statusTone,
  type StatusTone,
} from './order-format';
import { productPath } from '@vastra/shared/links/product-url';

const DOT: Record<StatusTone, string> = {
  placed: 'bg-sky-600',
  progress: 'bg-amber-500',
  done: 'bg-sale',
  problem: 'bg-accent',
  other: 'bg-muted',
};

export function StatusPill({ status }: { status: string }) {
  return (
    <p
      data-testid="order-status"
      className="inline-flex items-center gap-2 rounded-full border border-line bg-paper px-3 py-1 text-xs font-medium whitespace-nowrap"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOT[statusTone(status)]}`} />
      <span className="sr-only">Status: </span>
      {status}
    </p>
  );
}

/** "Placed on 22 Nov 2026", the date in India (order-format.ts). */
export function PlacedOn({ date }: { date: number }) {
  return (
    <p className="mt-1 text-sm text-muted">
      Placed on{' '}
      <time data-testid="order-date" dateTime={new Date(date).toISOString()} className="text-ink">
        {formatOrderDate(date)}
      </time>
    </p>
  );
}

/** One order of the list: when, how it is paid, where it stands, what it holds. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const reference = orderReference(order._id);
  const headingId = `order-${order._id}`;
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const { address } = order;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="order"
      className="border border-line bg-white/60"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-lg leading-tight">
            Order{' '}
            <span className="font-sans text-base font-medium tracking-wide">#{reference}</span>
          </h2>
          <PlacedOn date={order.date} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <StatusPill status={displayStatus(order)} />
          <Link
            to={`/orders/${order._id}`}
            data-testid="order-link"
            aria-label={`View order #${reference}`}
            className="text-sm font-medium underline underline-offset-4 hover:text-accent-dark"
          >
            View order
          </Link>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-b border-line px-4 py-4 text-sm sm:grid-cols-4 sm:px-6">
        <div className="min-w-0">
          <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">Method</dt>
          <dd data-testid="order-method" className="mt-1">
            {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
            Payment
          </dt>
          <dd data-testid="order-payment" className="mt-1 flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`h-1.5 w-1.5 rounded-full ${order.payment ? 'bg-sale' : 'bg-amber-500'}`}
            />
            {order.payment ? ORDERS_TEXT.paymentDone : ORDERS_TEXT.paymentPending}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">Items</dt>
          <dd className="mt-1 tabular-nums">{count}</dd>
        </div>
        <div>
          <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">Total</dt>
          <dd data-testid="order-total" className="mt-1 font-semibold tabular-nums">
            {formatPrice(order.amount)}
          </dd>
        </div>
      </dl>

      {order.openForPayment && <OpenOrderActions order={order} />}

      <ul aria-label={`Items in order #${reference}`} className="divide-y divide-line">
        {order.items.map((item) => (
          <OrderItemRow key={`${item._id}:${item.size}`} item={item} />
        ))}
      </ul>

      <p className="border-t border-line px-4 py-3 text-xs break-words text-muted sm:px-6">
        Delivering to {address.firstName} {address.lastName}, {address.city} {address.zipcode}
        {order.coupon ? ` · Coupon ${order.coupon}` : ''}
      </p>
    </article>
  );
}

/** One line of an order; `action` sits under its details (the order page's "Rate & review"). */
export function OrderItemRow({ item, action }: { item: OrderItem; action?: ReactNode }) {
  const brand = BRAND_LABELS[item.subCategory as Brand] ?? item.subCategory;
  const image = item.image[0];
  return (
    <li data-testid="order-item" className="flex gap-4 px-4 py-4 sm:px-6">
      <ProductThumb
        src={image}
        alt={item.name}
        width={64}
        height={80}
        className="h-20 w-16 shrink-0 rounded-sm"
      />
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">{brand}</p>
        <p className="mt-0.5 text-sm leading-snug font-medium sm:text-base">
          <Link
            to={productPath(item)}
            data-testid="order-item-name"
            className="hover:underline hover:underline-offset-2"
          >
            {item.name}
          </Link>
        </p>
        <p className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span data-testid="order-item-price" className="text-ink tabular-nums">
            {formatPrice(item.price)}
          </span>
          <span>
            Size:{' '}
            <span data-testid="order-item-size" className="text-ink">
              {item.size}
            </span>
          </span>
          <span>
            Quantity:{' '}
            <span data-testid="order-item-quantity" className="text-ink tabular-nums">
              {item.quantity}
            </span>
          </span>
        </p>
        {action}
      </div>
    </li>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { ADMIN_ORDER_VIEWS, type AdminOrder } from '@vastra/shared/schemas/admin';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@vastra/shared/schemas/order';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { changeOrderStatus, getAdminOrders, markOrderPaid } from '../api/admin-calls';
import { formatDateTime, formatTime, orderReference } from '../format';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { TotalsList } from '@/components/ui/totals-list';
import { beforeData, Thumb, card, PageHeading, Pager, useConfirm } from '../ui';
import { useQuery } from '@/lib/query';
import { invalidateStock, ORDERS_KEY } from '../admin-keys';
import { orderActions, type OrderAction } from './order-actions';
import {
  filtersFromSearch,
  filtersToSearch,
  ORDER_VIEW_LABELS,
  ordersApiQuery,
  PAYMENT_STATES,
  type OrderFilters,
} from './order-filters';

const METHOD_LABELS = { cod: 'Cash on delivery', razorpay: 'Razorpay' } as const;

/** /admin/orders: every order newest first, filtered by status and payment, moved step by step. */
export function AdminOrdersPage() {
  useDocumentMeta('Admin · Orders');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = ordersApiQuery(filters);
  const list = useQuery(
    [...ORDERS_KEY, JSON.stringify(query)],
    (signal) => getAdminOrders(query, signal),
    {
      keepPreviousData: true,
    },
  );
  const [confirmDialog, confirm] = useConfirm();
  const [working, setWorking] = useState<string | null>(null);

  const update = (change: Partial<OrderFilters>) =>
    setParams(filtersToSearch({ ...filters, page: 1, ...change }));

  const act = async (order: AdminOrder, action: OrderAction) => {
    const reference = orderReference(order._id);
    if (action.confirm) {
      const ok = await confirm(
        action.kind === 'paid'
          ? {
              title: `Mark order #${reference} paid?`,
              text: `Only once the ${formatPrice(order.amount)} in cash has been received.`,
              confirm: 'Mark paid',
            }
          : {
              title: `Cancel order #${reference}?`,
              text: 'The shopper is told by e-mail. A cancelled order cannot be moved again.',
              confirm: 'Cancel order',
              danger: true,
            },
      );
      if (!ok) return;
    }
    setWorking(order._id);
    try {
      const answer =
        action.kind === 'paid'
          ? await markOrderPaid(order._id)
          : await changeOrderStatus(order._id, action.to);
      notify.success(`#${reference}: ${answer.message}`);
      list.set((data) => ({
        ...data,
        orders: data.orders.map((o) => (o._id === order._id ? answer.order : o)),
      }));
      // A cancelled order's units go back on sale: the stock screens and the shop read again.
      if (action.kind !== 'paid' && action.to === 'Cancelled') invalidateStock();
    } catch (error) {
      toastApiError(error);
      // Someone else may have moved it: show the order as it is now.
      list.refresh();
    } finally {
      setWorking(null);
    }
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the orders');
  else if (list.data.orders.length === 0)
    body =
      filters.status || filters.payment || filters.paymentMethod || filters.view ? (
        <EmptyPanel
          title="No orders match"
          text={
            filters.view === 'refund-due'
              ? 'No order is waiting for a refund.'
              : 'No order has this status and payment now.'
          }
        >
          <Button
            type="button"
            variant="secondary"
            onClick={() => setParams(new URLSearchParams())}
          >
            Show all orders
          </Button>
        </EmptyPanel>
      ) : (
        <EmptyPanel
          title="No orders yet"
          text="Orders appear here, newest first, as shoppers place them."
        />
      );
  else {
    const { orders, page, pageSize, total } = list.data;
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted">
          {total === 1 ? '1 order' : `${total} orders, newest first`}
        </p>
        <ol
          aria-label="Orders"
          aria-busy={list.fetching}
          className={`space-y-4 ${list.fetching ? 'opacity-60' : ''}`}
        >
          {orders.map((order) => (
            <li key={order._id}>
              <AdminOrderCard
                order={order}
                busy={working === order._id}
                onAction={(action) => void act(order, action)}
              />
            </li>
          ))}
        </ol>
        <Pager page={page} pageSize={pageSize} total={total} onPage={(n) => update({ page: n })} />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title="Orders"
        text="Newest first. Each step e-mails the shopper."
        actions={
          <Button
            type="button"
            variant="secondary"
            onClick={list.refresh}
            aria-disabled={list.fetching}
          >
            Refresh
          </Button>
        }
      />
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Show"
          value={filters.view ?? 'active'}
          onChange={(e) => update({ view: e.target.value as OrderFilters['view'] })}
        >
          {ADMIN_ORDER_VIEWS.map((v) => (
            <option key={v} value={v}>
              {ORDER_VIEW_LABELS[v]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) =>
            update({ status: (e.target.value || undefined) as OrderFilters['status'] })
          }
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment"
          value={filters.payment ?? ''}
          onChange={(e) =>
            update({ payment: (e.target.value || undefined) as OrderFilters['payment'] })
          }
        >
          <option value="">Paid or not</option>
          {PAYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {s === 'paid' ? 'Paid' : 'Not paid'}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Method"
          value={filters.paymentMethod ?? ''}
          onChange={(e) =>
            update({
              paymentMethod: (e.target.value || undefined) as OrderFilters['paymentMethod'],
            })
          }
        >
          <option value="">Any method</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
      </div>
      {body}
      {confirmDialog}
    </>
  );
}

function AdminOrderCard({
  order,
  busy,
  onAction,
}: {
  order: AdminOrder;
  busy: boolean;
  onAction: (action: OrderAction) => void;
}) {
  const reference = orderReference(order._id);
  const headingId = `admin-order-${order._id}`;
  const { address } = order;
  const actions = orderActions(order);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-order"
      data-order-id={order._id}
      className={card}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="font-medium tracking-wide">
            Order #{reference}
          </h2>
          <p className="text-xs text-muted">
            <time dateTime={new Date(order.date).toISOString()}>{formatDateTime(order.date)}</time>{' '}
            · {order.user.name} ({order.user.email})
          </p>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          {order.paymentState === 'refund_due' && (
            <span
              data-testid="admin-order-refund"
              className="rounded-full bg-accent px-3 py-1 font-medium text-paper"
            >
              Refund due
            </span>
          )}
          <HoldBadge order={order} />
          <span
            data-testid="admin-order-status"
            className="rounded-full border border-ink px-3 py-1 font-medium"
          >
            {order.status}
          </span>
          <span
            data-testid="admin-order-payment"
            className={`rounded-full px-3 py-1 font-medium ${order.payment ? 'bg-sale/10 text-sale' : 'bg-amber-100 text-amber-900'}`}
          >
            {order.payment ? 'Paid' : 'Not paid'} · {METHOD_LABELS[order.paymentMethod]}
          </span>
        </div>
      </header>
      <div className="grid gap-4 px-4 py-4 text-sm sm:px-5 md:grid-cols-[1fr_16rem]">
        <ul aria-label={`Items in order #${reference}`} className="space-y-2">
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
        <div className="space-y-3">
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
            total={{
              label: 'Total',
              amount: formatPrice(order.amount),
              testId: 'admin-order-total',
            }}
          />
        </div>
      </div>
      {actions.length > 0 && (
        <footer className="flex flex-wrap gap-2 border-t border-line px-4 py-3 sm:px-5">
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
        </footer>
      )}
    </article>
  );
}

/**
 * Where an online order's units stand while it matters: held for an unpaid order (until when), or
 * given back because it was never paid. Taken units (a paid or cash-on-delivery order) are the
 * usual case and say nothing.
 */
function HoldBadge({ order }: { order: AdminOrder }) {
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
      <span data-testid="admin-order-hold" className="rounded-full bg-line px-3 py-1 text-muted">
        Stock released
      </span>
    );
  return null;
}

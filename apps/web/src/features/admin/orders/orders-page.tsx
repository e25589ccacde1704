import { Link, useSearchParams } from 'react-router';
import { ADMIN_ORDER_VIEWS, type AdminOrder } from '@vastra/shared/schemas/admin';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@vastra/shared/schemas/order';
import { useDocumentMeta } from '@/lib/document-meta';
import { getAdminOrders } from '../api/admin-calls';
import { formatDateTime, orderLabel } from '../format';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { beforeData, card, PageHeading, Pager } from '../ui';
import { useQuery } from '@/lib/query';
import { ORDERS_KEY } from '../admin-keys';
import { orderActions, type OrderAction } from './order-actions';
import { METHOD_LABELS } from './order-words';
import { DeliverTo, OrderBadges, OrderButtons, OrderItems, OrderTotals } from './order-parts';
import { useOrderMoves } from './use-order-moves';
import {
  filtersFromSearch,
  filtersToSearch,
  ORDER_VIEW_LABELS,
  ordersApiQuery,
  PAYMENT_STATES,
  type OrderFilters,
} from './order-filters';

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
  const moves = useOrderMoves({
    onMoved: (moved) =>
      list.set((data) => ({
        ...data,
        orders: data.orders.map((o) => (o._id === moved._id ? moved : o)),
      })),
    // Someone else may have moved it: show the order as it is now.
    onFailed: list.refresh,
  });

  const update = (change: Partial<OrderFilters>) =>
    setParams(filtersToSearch({ ...filters, page: 1, ...change }));

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
                busy={moves.working === order._id}
                onAction={(action) => moves.start(order, action)}
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
      {moves.dialogs}
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
  const label = orderLabel(order);
  const headingId = `admin-order-${order._id}`;
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
            <Link
              to={`/admin/orders/${order._id}`}
              className="underline-offset-4 hover:underline focus-visible:underline"
            >
              Order {label}
            </Link>
          </h2>
          <p className="text-xs text-muted">
            <time dateTime={new Date(order.date).toISOString()}>{formatDateTime(order.date)}</time>{' '}
            · {order.user.name} ({order.user.email})
          </p>
        </div>
        <OrderBadges order={order} />
      </header>
      <div className="grid gap-4 px-4 py-4 text-sm sm:px-5 md:grid-cols-[1fr_16rem]">
        <OrderItems order={order} label={label} />
        <div className="space-y-3">
          <DeliverTo address={order.address} />
          <OrderTotals order={order} />
        </div>
      </div>
      {actions.length > 0 && (
        <footer className="border-t border-line px-4 py-3 sm:px-5">
          <OrderButtons actions={actions} busy={busy} onAction={onAction} />
        </footer>
      )}
    </article>
  );
}

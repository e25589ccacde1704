import { SectionTitle } from '@/components/ui/section-title';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { ORDERS_TEXT } from './messages';
import { OrderCard } from './order-card';
import { RefreshIcon, Spinner } from './orders-icons';
import { useUserOrders } from './use-user-orders';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

/** docs/product.md §2 /orders: the shopper's orders, newest first, with a refresh. */
export function OrdersPage() {
  useDocumentMeta(ORDERS_TEXT.title);
  const token = useToken();
  const { orders, error, busy, reload } = useUserOrders(token);

  // docs/product.md §6: without a token the page does nothing; the login page is where to go.
  if (!token) return <LoginFirst reason={LOGIN_REASONS.orders} />;

  let body;
  if (orders === null && busy) {
    body = <OrdersSkeleton />;
  } else if (orders === null) {
    // docs/architecture.md §4.10: a failed load says so and offers a retry — never an empty list.
    body = (
      <LoadError
        message={
          <>
            {ORDERS_TEXT.loadFailed} {error}
          </>
        }
        onRetry={reload}
        retryLabel={ORDERS_TEXT.retry}
        className="py-16"
      />
    );
  } else {
    const count = orders.length;
    body = (
      <>
        <div className="mb-5 flex items-center justify-between gap-4 border-b border-line pb-4">
          <p className="text-sm text-muted">
            {count === 0 ? '' : count === 1 ? '1 order' : `${count} orders, newest first`}
          </p>
          <button
            type="button"
            // Not `disabled`: a disabled button drops the keyboard focus that pressed it.
            aria-disabled={busy}
            onClick={() => {
              if (!busy) reload();
            }}
            className="inline-flex items-center gap-2 border border-ink px-4 py-2 text-xs font-medium tracking-[0.14em] uppercase transition-colors hover:bg-ink hover:text-paper aria-disabled:cursor-progress aria-disabled:opacity-60 aria-disabled:hover:bg-transparent aria-disabled:hover:text-ink"
          >
            {busy ? <Spinner className="h-4 w-4" /> : <RefreshIcon />}
            {busy ? ORDERS_TEXT.refreshing : ORDERS_TEXT.refresh}
          </button>
        </div>
        <p role="status" className="sr-only">
          {busy ? 'Refreshing your orders…' : ''}
        </p>
        {error !== null && !busy && (
          <p role="alert" className="mb-5 border border-accent/30 bg-accent/5 px-4 py-3 text-sm">
            {ORDERS_TEXT.refreshFailed} {error}
          </p>
        )}
        {count === 0 ? (
          <NoOrders />
        ) : (
          <ol
            aria-label="Your orders"
            aria-busy={busy}
            className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`}
          >
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <div className="container-shop pt-8 pb-4 sm:pt-12">
      <SectionTitle as="h1" light="My" bold="Orders" />
      <div className="mx-auto max-w-4xl">{body}</div>
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div role="status" aria-label={ORDERS_TEXT.loading} className="space-y-6">
      {[0, 1].map((n) => (
        <div key={n} className="border border-line bg-white/60 p-4 sm:p-6">
          <div className="flex justify-between gap-4">
            <div className="h-5 w-40 animate-pulse bg-line/70" />
            <div className="h-6 w-24 animate-pulse rounded-full bg-line/70" />
          </div>
          <div className="mt-5 h-10 animate-pulse bg-line/50" />
          <div className="mt-5 flex gap-4">
            <div className="h-20 w-16 animate-pulse bg-line/70" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-2/3 animate-pulse bg-line/70" />
              <div className="h-4 w-1/3 animate-pulse bg-line/50" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function NoOrders() {
  return (
    <EmptyState
      title={ORDERS_TEXT.emptyTitle}
      text={ORDERS_TEXT.emptyText}
      action={{ to: '/collection', label: ORDERS_TEXT.browse }}
    />
  );
}

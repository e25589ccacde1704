import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OrderDetail } from '@vastra/shared/schemas/order-life';
import { Button, buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { invalidate, loadErrorMessage, useQuery } from '@/lib/query';
import { useToken } from '@/lib/session';
import { getOrderDetail } from '../api/order-calls';
import { PlacedOn, StatusPill } from '../order-card';
import { displayStatus, formatOrderDate } from '../order-format';
import { ORDERS_KEY } from '../use-user-orders';
import { CancelDialog } from './cancel-dialog';
import { ORDER_PAGE_TEXT } from './order-life-text';
import {
  DeliverySection,
  ItemsSection,
  PaymentSection,
  RefundsSection,
  ReturnsSection,
  TaxDocumentsSection,
  TimelineSection,
} from './order-sections';
import { PlacedPanel } from './placed-panel';
import { ReturnDialog } from './return-dialog';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

/** One order's key: under the shopper's orders, so placing, paying or changing one reloads it. */
const orderKey = (id: string) => [...ORDERS_KEY, id];

/**
 * /orders/:id (docs/decisions/121-storefront-order-page.md): the order, where it stands, its
 * money and history, and what the shopper may do now; `?placed=1` adds the confirmation on top.
 */
export function OrderPage() {
  const token = useToken();
  const { id = '' } = useParams();
  const query = useQuery(orderKey(id), (signal) => getOrderDetail(id, signal), {
    enabled: token !== null,
  });
  const order = query.data?.order;
  useDocumentMeta(order ? `Order #${order.orderNumber}` : 'Order');

  if (!token) return <LoginFirst reason={LOGIN_REASONS.orders} />;

  const { error } = query;
  const handled = error instanceof ApiError && error.handled;
  let body;
  if (order) {
    body = <OrderView order={order} reloading={query.fetching} />;
  } else if (error !== undefined && !handled && !query.fetching) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    body = missing ? (
      <div role="alert" className="py-16 text-center">
        <h1 className="font-serif text-2xl sm:text-3xl">{ORDER_PAGE_TEXT.notFoundTitle}</h1>
        <p className="mt-3 text-muted">{ORDER_PAGE_TEXT.notFoundText}</p>
        <Link to="/orders" className={`mt-8 inline-block ${buttonClass('primary', 'md')}`}>
          {ORDER_PAGE_TEXT.myOrders}
        </Link>
      </div>
    ) : (
      <LoadError
        title={ORDER_PAGE_TEXT.loadFailed}
        message={loadErrorMessage(error)}
        onRetry={query.refresh}
        retryLabel={ORDER_PAGE_TEXT.retry}
        className="py-16"
      />
    );
  } else {
    body = <OrderSkeleton />;
  }

  return (
    <div className="container-shop pt-6 pb-4 sm:pt-10">
      <div className="mx-auto max-w-5xl">
        <Link
          to="/orders"
          className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline"
        >
          ← {ORDER_PAGE_TEXT.backToOrders}
        </Link>
        {body}
      </div>
    </div>
  );
}

function OrderView({ order, reloading }: { order: OrderDetail; reloading: boolean }) {
  const [params] = useSearchParams();
  const placed = params.get('placed') === '1';
  const [dialog, setDialog] = useState<'cancel' | 'return' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const { actions } = order;
  const canReturn = actions.returnable.length > 0;

  const done = (text: string) => {
    setDialog(null);
    setMessage(text);
    // The page's order (and the list) load again; the answer replaces what is on screen.
    invalidate(ORDERS_KEY);
    // The button that opened the dialog may be gone now: the message takes the focus.
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  return (
    <div className="mt-4">
      {placed && <PlacedPanel order={order} />}

      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-5">
        <div className="min-w-0">
          <h1 className="font-serif text-2xl sm:text-3xl">
            Order <span data-testid="order-number">#{order.orderNumber}</span>
          </h1>
          <PlacedOn date={order.date} />
          {order.cancelReason && (
            <p data-testid="order-cancel-reason" className="mt-1 text-sm text-muted">
              Cancelled: {order.cancelReason}
            </p>
          )}
        </div>
        <StatusPill status={displayStatus(order)} />
      </header>

      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        data-testid="order-message"
        className={
          message
            ? 'mt-5 border border-sale/40 bg-sale/5 px-4 py-3 text-sm focus:outline-none'
            : 'sr-only'
        }
      >
        {message ?? (reloading ? 'Refreshing your order…' : '')}
      </p>

      {(actions.cancel || canReturn) && (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {actions.cancel && (
            <Button variant="danger" onClick={() => setDialog('cancel')}>
              {ORDER_PAGE_TEXT.cancel}
            </Button>
          )}
          {canReturn && (
            <Button variant="secondary" onClick={() => setDialog('return')}>
              {ORDER_PAGE_TEXT.returnOrExchange}
            </Button>
          )}
          {canReturn && order.returnWindowEndsAt !== null && (
            <p data-testid="order-return-window" className="text-xs text-muted">
              Returns and exchanges are open until {formatOrderDate(order.returnWindowEndsAt)}.
            </p>
          )}
        </div>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <ItemsSection order={order} />
          <TimelineSection order={order} />
        </div>
        <div className="min-w-0 space-y-6">
          <DeliverySection order={order} />
          <PaymentSection order={order} />
          <TaxDocumentsSection order={order} />
          <RefundsSection order={order} />
          <ReturnsSection order={order} />
        </div>
      </div>

      {dialog === 'cancel' && (
        <CancelDialog order={order} onClose={() => setDialog(null)} onCancelled={done} />
      )}
      {dialog === 'return' && (
        <ReturnDialog order={order} onClose={() => setDialog(null)} onRequested={done} />
      )}
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div role="status" aria-label={ORDER_PAGE_TEXT.loading} className="mt-4 space-y-6">
      <div className="h-9 w-56 animate-pulse bg-line/70" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="h-64 animate-pulse bg-line/50" />
        <div className="h-64 animate-pulse bg-line/50" />
      </div>
    </div>
  );
}

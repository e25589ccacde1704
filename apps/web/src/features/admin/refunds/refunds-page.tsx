import { useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '@vastra/shared/pricing/money';
import { ADMIN_REFUND_VIEWS, type AdminRefund } from '@vastra/shared/schemas/order-life';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { PayoutDialog } from '../after-sale-dialogs';
import { invalidateAfterSale, REFUNDS_KEY } from '../admin-keys';
import {
  getAdminRefunds,
  markRefundPaidOut,
  retryRefund,
  type AdminRefundView,
} from '../api/admin-calls';
import { formatDateTime } from '../format';
import {
  ADMIN_REFUND_STATUS_LABELS,
  REFUND_REASON_LABELS,
  refundMethodLabel,
} from '../orders/order-words';
import { beforeData, card, CardList, DeskHeading, reloadError, useDeskView } from '../ui';

const VIEW_LABELS: Record<AdminRefundView, string> = {
  open: 'In progress',
  failed: 'Failed',
  all: 'All',
};

const STATUS_TONES: Record<AdminRefund['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  processed: 'bg-sale/10 text-sale',
  failed: 'bg-accent text-paper',
};

/**
 * /admin/refunds: the refunds desk (docs/decisions/122). Razorpay refunds go by themselves and
 * are retried by the server; a failed one can be sent again here. Cash-on-delivery refunds are
 * UPI payouts the owner makes by hand, then marks paid out with the payout's reference.
 */
export function RefundsPage() {
  useDocumentMeta('Admin · Refunds');
  const [view, setView] = useDeskView(ADMIN_REFUND_VIEWS, 'open');
  const list = useQuery([...REFUNDS_KEY, view], (signal) => getAdminRefunds(view, signal), {
    keepPreviousData: true,
  });
  const [working, setWorking] = useState<string | null>(null);
  const [payingOut, setPayingOut] = useState<AdminRefund | null>(null);

  const done = (refund: AdminRefund, message: string) => {
    notify.success(`Order #${refund.orderNumber}: ${message}`);
    list.set((data) => ({
      ...data,
      refunds: data.refunds.map((r) => (r._id === refund._id ? refund : r)),
    }));
    invalidateAfterSale();
  };

  const retry = async (refund: AdminRefund) => {
    setWorking(refund._id);
    try {
      const answer = await retryRefund(refund._id);
      done(answer.refund, answer.message);
    } catch (error) {
      toastApiError(error);
      list.refresh();
    } finally {
      setWorking(null);
    }
  };

  const paidOut = async (refund: AdminRefund, reference: string) => {
    try {
      const answer = await markRefundPaidOut(refund._id, reference);
      done(answer.refund, answer.message);
      setPayingOut(null);
    } catch (error) {
      list.refresh();
      throw error;
    }
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the refunds');
  else if (list.data.refunds.length === 0)
    body = (
      <EmptyPanel
        title={view === 'failed' ? 'No failed refunds' : 'No refunds here'}
        text={
          view === 'open'
            ? 'Nothing is waiting: every refund asked for has gone out.'
            : 'Refunds appear here when an order is cancelled after payment or returned goods are received.'
        }
      />
    );
  else
    body = (
      <CardList
        label="Refunds"
        items={list.data.refunds}
        count={(n) => (n === 1 ? '1 refund' : `${n} refunds`)}
        fetching={list.fetching}
      >
        {(refund) => (
          <RefundCard
            refund={refund}
            busy={working === refund._id}
            onRetry={() => void retry(refund)}
            onPaidOut={() => setPayingOut(refund)}
          />
        )}
      </CardList>
    );

  return (
    <>
      <DeskHeading
        title="Refunds"
        text="Razorpay refunds go back to the shopper’s payment by themselves; cash-on-delivery refunds are UPI payouts you send."
        list={list}
        views={ADMIN_REFUND_VIEWS}
        labels={VIEW_LABELS}
        view={view}
        onView={setView}
      />
      {reloadError(list, 'the refunds')}
      {body}
      {payingOut && (
        <PayoutDialog
          title={`Paid out ${formatPaise(payingOut.amountPaise)}?`}
          text={
            <>
              Send {formatPaise(payingOut.amountPaise)} to{' '}
              <strong className="text-ink">{payingOut.upiId}</strong> from your UPI app first, then
              enter its reference. The shopper is told the refund is done.
            </>
          }
          submit="Mark paid out"
          onSend={({ reference }) => paidOut(payingOut, reference)}
          onClose={() => setPayingOut(null)}
        />
      )}
    </>
  );
}

function RefundCard({
  refund,
  busy,
  onRetry,
  onPaidOut,
}: {
  refund: AdminRefund;
  busy: boolean;
  onRetry: () => void;
  onPaidOut: () => void;
}) {
  const headingId = `refund-${refund._id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-refund"
      data-refund-id={refund._id}
      className={card}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="font-medium tracking-wide">
            <span data-testid="admin-refund-amount" className="tabular-nums">
              {formatPaise(refund.amountPaise)}
            </span>{' '}
            ·{' '}
            <Link to={`/admin/orders/${refund.orderId}`} className="underline underline-offset-4">
              Order #{refund.orderNumber}
            </Link>
          </h2>
          <p className="text-xs break-words text-muted">
            <time dateTime={new Date(refund.createdAt).toISOString()}>
              {formatDateTime(refund.createdAt)}
            </time>{' '}
            · {refund.user.name} ({refund.user.email})
          </p>
        </div>
        <span
          data-testid="admin-refund-status"
          className={`rounded-full px-3 py-1 text-xs font-medium ${STATUS_TONES[refund.status]}`}
        >
          {ADMIN_REFUND_STATUS_LABELS[refund.status]}
        </span>
      </header>
      <dl className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-1.5 px-4 py-4 text-sm sm:grid-cols-[9rem_minmax(0,1fr)] sm:px-5">
        <dt className="text-muted">Method</dt>
        <dd data-testid="admin-refund-method" className="break-words">
          {refundMethodLabel(refund.method, refund.upiId)}
        </dd>
        <dt className="text-muted">Reason</dt>
        <dd>{REFUND_REASON_LABELS[refund.reason]}</dd>
        <dt className="text-muted">Attempts</dt>
        <dd className="tabular-nums">{refund.attempts}</dd>
        {refund.lastError && (
          <>
            <dt className="text-muted">Last error</dt>
            <dd data-testid="admin-refund-error" className="break-words text-accent">
              {refund.lastError}
            </dd>
          </>
        )}
        {refund.reference && (
          <>
            <dt className="text-muted">Reference</dt>
            <dd className="font-mono text-xs break-all">{refund.reference}</dd>
          </>
        )}
        {refund.processedAt !== null && (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd>{formatDateTime(refund.processedAt)}</dd>
          </>
        )}
      </dl>
      {(refund.canRetry || refund.canMarkPaidOut) && (
        <footer className="flex flex-wrap gap-2 border-t border-line px-4 py-3 sm:px-5">
          {refund.canRetry && (
            <Button disabled={busy} onClick={onRetry}>
              Retry refund
            </Button>
          )}
          {refund.canMarkPaidOut && (
            <Button disabled={busy} onClick={onPaidOut}>
              Mark paid out
            </Button>
          )}
        </footer>
      )}
    </article>
  );
}

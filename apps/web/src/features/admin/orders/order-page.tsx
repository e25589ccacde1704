import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatPaise } from '@vastra/shared/pricing/money';
import { RETURN_STATE_LABELS } from '@vastra/shared/order-life/returns';
import type { AdminOrderDetail } from '@vastra/shared/schemas/order-life';
import { buttonClass } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { orderKey } from '../admin-keys';
import { getAdminOrder } from '../api/admin-calls';
import { formatDate, formatDateTime, orderLabel } from '../format';
import { beforeData, card, PageHeading } from '../ui';
import { orderActions } from './order-actions';
import { DeliverTo, OrderBadges, OrderButtons, OrderItems, OrderTotals } from './order-parts';
import {
  ADMIN_REFUND_STATUS_LABELS,
  ACTOR_WORDS,
  eventNote,
  eventText,
  METHOD_LABELS,
  paymentLabel,
  REFUND_REASON_LABELS,
  refundMethodLabel,
} from './order-words';
import { ReturnLines } from '../returns/return-lines';
import { invoiceDue, TAX_DOCUMENT_TEXT } from '@/components/tax-documents/document-words';
import { TaxDocumentList } from '@/components/tax-documents/tax-document-list';
import { useOrderMoves } from './use-order-moves';

/**
 * /admin/orders/:id: one order as the owner works it (docs/decisions/122) — who bought what, where
 * it goes, the money, the parcel, its history with who did what, its refunds and returns, and the
 * next steps the server allows.
 */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useQuery(orderKey(id), (signal) => getAdminOrder(id, signal));
  const moves = useOrderMoves({
    // The move's answer is the list's shape; the screen reads its whole detail again.
    onMoved: () => order.refresh(),
    onFailed: order.refresh,
  });
  const data = order.data;
  useDocumentMeta(data ? `Admin · Order ${orderLabel(data)}` : 'Admin · Order');

  const back = (
    <Link to="/admin/orders" className={buttonClass('secondary')}>
      All orders
    </Link>
  );

  if (data === undefined) {
    const missing =
      order.error instanceof ApiError &&
      (order.error.status === 404 || order.error.status === 400) &&
      !order.fetching;
    return (
      <>
        <PageHeading title="Order" actions={back} />
        {missing ? (
          <EmptyPanel
            title="We could not find this order"
            text="It may have been a mistyped address. The list has every order, newest first."
          />
        ) : (
          beforeData(order, 'the order')
        )}
      </>
    );
  }

  const label = orderLabel(data);
  const actions = orderActions(data);
  return (
    <>
      <PageHeading
        title={`Order ${label}`}
        text={
          <>
            Placed{' '}
            <time dateTime={new Date(data.date).toISOString()}>{formatDateTime(data.date)}</time>
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={order.refresh} aria-disabled={order.fetching}>
              Refresh
            </Button>
            {back}
          </>
        }
      />
      <div
        aria-busy={order.fetching}
        data-testid="admin-order-screen"
        className={`space-y-5 ${order.fetching ? 'opacity-80' : ''}`}
      >
        <section
          aria-label="Status and next steps"
          className={`${card} flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5`}
        >
          <OrderBadges order={data} />
          {actions.length > 0 ? (
            <OrderButtons
              actions={actions}
              busy={moves.working === data._id}
              onAction={(action) => moves.start(data, action)}
            />
          ) : (
            <p className="text-sm text-muted">No step is left for this order.</p>
          )}
        </section>

        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-5">
            <Panel title="Items">
              <OrderItems order={data} label={label} />
              <div className="mt-4 max-w-xs sm:ml-auto">
                <OrderTotals order={data} />
              </div>
            </Panel>
            <Timeline order={data} />
            <Refunds order={data} />
            <Returns order={data} />
          </div>
          <div className="min-w-0 space-y-5">
            <Panel title="Customer">
              <p className="break-words" data-testid="admin-order-customer">
                {data.user.name}
                <br />
                <a href={`mailto:${data.user.email}`} className="underline underline-offset-4">
                  {data.user.email}
                </a>
              </p>
              <div className="mt-3">
                <DeliverTo address={data.address} />
              </div>
            </Panel>
            <Panel title="Payment">
              <Facts
                rows={[
                  ['Method', METHOD_LABELS[data.paymentMethod]],
                  ['State', paymentLabel(data.paymentState)],
                  ['Paid with', data.paidWith],
                  ['Paid', data.paidAt === null ? null : formatDateTime(data.paidAt)],
                  ['Stock', holdWords(data)],
                ]}
                testId="admin-order-money"
              />
            </Panel>
            <TaxDocuments order={data} />
            <Panel title="Delivery">
              <Facts
                testId="admin-order-shipment"
                rows={[
                  ['Courier', data.shipment?.courier ?? null],
                  ['Tracking number', data.shipment?.trackingNumber ?? null],
                  ['Shipped', data.shipment ? formatDateTime(data.shipment.shippedAt) : null],
                  [
                    'Delivered',
                    data.deliveredAt === null ? null : formatDateTime(data.deliveredAt),
                  ],
                  [
                    'Returns until',
                    data.returnWindowEndsAt === null
                      ? null
                      : formatDateTime(data.returnWindowEndsAt),
                  ],
                  ['Cancel reason', data.cancelReason],
                  [
                    'Expected',
                    data.expectedDelivery && !data.deliveredAt && data.status !== 'Cancelled'
                      ? `${formatDate(data.expectedDelivery.from)} – ${formatDate(data.expectedDelivery.to)}`
                      : null,
                  ],
                ]}
                empty="Not shipped yet."
              />
            </Panel>
          </div>
        </div>
      </div>
      {moves.dialogs}
    </>
  );
}

function holdWords(order: AdminOrderDetail): string | null {
  if (order.holdState === 'held') return 'Held for the unpaid order';
  if (order.holdState === 'released') return 'Released';
  if (order.holdState === 'taken') return 'Taken';
  return null;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${card} px-4 py-4 text-sm sm:px-5`}>
      <h2 id={id} className="mb-3 text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label–value pairs; rows without a value are left out, `empty` says so when none is left. */
function Facts({
  rows,
  empty,
  testId,
}: {
  rows: [string, string | null][];
  empty?: string;
  testId?: string;
}) {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  if (shown.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <dl data-testid={testId} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
      {shown.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What happened, oldest first, with who did it (the admin's e-mail, "Shopper", "Shop"). */
function Timeline({ order }: { order: AdminOrderDetail }) {
  return (
    <Panel title="History">
      {order.timeline.length === 0 ? (
        <p className="text-muted">Nothing has happened to this order yet.</p>
      ) : (
        <ol data-testid="admin-order-timeline" className="space-y-3">
          {order.timeline.map((event, n) => {
            const note = eventNote(event);
            return (
              <li key={n} className="grid gap-x-4 sm:grid-cols-[11rem_minmax(0,1fr)]">
                <time dateTime={new Date(event.at).toISOString()} className="text-xs text-muted">
                  {formatDateTime(event.at)}
                </time>
                <div className="min-w-0">
                  <p>
                    <span className="font-medium">{eventText(event)}</span>
                    <span className="text-muted">
                      {' '}
                      · {event.actorLabel ?? ACTOR_WORDS[event.by]}
                    </span>
                  </p>
                  {note && <p className="text-xs break-words text-muted">“{note}”</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

/** The invoice and credit notes, downloaded from the admin's URLs, or what the invoice waits for. */
function TaxDocuments({ order }: { order: AdminOrderDetail }) {
  const due = invoiceDue(order);
  if (order.documents.length === 0 && due === null) return null;
  return (
    <Panel title={TAX_DOCUMENT_TEXT.title}>
      <TaxDocumentList
        documents={order.documents}
        pending={due && TAX_DOCUMENT_TEXT.adminPending[due]}
        formatDate={formatDate}
      />
    </Panel>
  );
}

function Refunds({ order }: { order: AdminOrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Panel title="Refunds">
      <ul data-testid="admin-order-refunds" className="space-y-2">
        {order.refunds.map((refund) => (
          <li key={refund._id} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <span>
              <span className="font-medium tabular-nums">{formatPaise(refund.amountPaise)}</span>
              {' · '}
              {REFUND_REASON_LABELS[refund.reason]} ·{' '}
              {refundMethodLabel(refund.method, refund.upiId)}
            </span>
            <span className="text-muted">
              {ADMIN_REFUND_STATUS_LABELS[refund.status]}
              {refund.reference ? ` · ${refund.reference}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/refunds?view=all"
        className="mt-3 inline-block text-xs underline underline-offset-4"
      >
        Open the refunds desk
      </Link>
    </Panel>
  );
}

function Returns({ order }: { order: AdminOrderDetail }) {
  if (order.returns.length === 0) return null;
  return (
    <Panel title="Returns and exchanges">
      <ul data-testid="admin-order-returns" className="space-y-3">
        {order.returns.map((request) => (
          <li key={request._id}>
            <p>
              <span className="font-medium">
                {request.kind === 'exchange' ? 'Exchange' : 'Return for refund'}
              </span>
              {' · '}
              {RETURN_STATE_LABELS[request.state]}
              {request.kind === 'refund' && ` · ${formatPaise(request.refundPaise)}`}
            </p>
            <div className="mt-1 text-xs">
              <ReturnLines lines={request.lines} compact />
            </div>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/returns?view=all"
        className="mt-3 inline-block text-xs underline underline-offset-4"
      >
        Open the returns desk
      </Link>
    </Panel>
  );
}

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '@vastra/shared/pricing/money';
import { RETURN_STATE_LABELS, type ReturnState } from '@vastra/shared/order-life/returns';
import { ADMIN_RETURN_VIEWS, type AdminReturn } from '@vastra/shared/schemas/order-life';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { NoteDialog, ShipmentDialog, type ShipmentInput } from '../after-sale-dialogs';
import { invalidateAfterSale, RETURNS_KEY } from '../admin-keys';
import { getAdminReturns, moveReturn, type AdminReturnView } from '../api/admin-calls';
import { formatDateTime } from '../format';
import {
  beforeData,
  card,
  CardList,
  DeskHeading,
  reloadError,
  useConfirm,
  useDeskView,
} from '../ui';
import { ReturnLines } from './return-lines';

const VIEW_LABELS: Record<AdminReturnView, string> = {
  open: 'Open',
  closed: 'Closed',
  all: 'All',
};

/** The owner's button for each step a request may take (RETURN_TRANSITIONS, actor admin). */
const STEP_LABELS: Partial<Record<ReturnState, string>> = {
  approved: 'Approve',
  rejected: 'Reject',
  picked_up: 'Pickup done',
  received: 'Goods received',
  exchange_shipped: 'Ship exchange',
  exchange_delivered: 'Exchange delivered',
};

type Move = { request: AdminReturn; to: ReturnState };
type MoveExtra = Partial<ShipmentInput> & { note?: string | undefined };

/**
 * /admin/returns: the returns desk (docs/decisions/122). Each request with its order, customer,
 * lines, reason and the refund it will make, and the steps the server allows now: approve or
 * reject (with a note the shopper reads, required to reject), pickup done, goods received (a
 * refund request issues its refund then), ship the exchange (courier and tracking number), the
 * exchange delivered.
 */
export function ReturnsPage() {
  useDocumentMeta('Admin · Returns');
  const [view, setView] = useDeskView(ADMIN_RETURN_VIEWS, 'open');
  const list = useQuery([...RETURNS_KEY, view], (signal) => getAdminReturns(view, signal), {
    keepPreviousData: true,
  });
  const [confirmDialog, confirm] = useConfirm();
  const [asking, setAsking] = useState<Move | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const send = async ({ request, to }: Move, extra: MoveExtra = {}) => {
    const answer = await moveReturn(request._id, { to, ...extra });
    // The state in words: the server's message names the raw state ("now picked_up").
    notify.success(`Order #${request.orderNumber}: ${RETURN_STATE_LABELS[answer.return.state]}`);
    list.set((data) => ({
      ...data,
      returns: data.returns.map((r) => (r._id === answer.return._id ? answer.return : r)),
    }));
    invalidateAfterSale();
  };

  const start = async (move: Move) => {
    const { request, to } = move;
    if (to === 'approved' || to === 'rejected' || to === 'exchange_shipped') {
      setAsking(move);
      return;
    }
    if (to === 'received' && request.kind === 'refund') {
      const ok = await confirm({
        title: `Goods of order #${request.orderNumber} received?`,
        text: `The refund of ${formatPaise(request.refundPaise)} is issued at once and the units go back on sale.`,
        confirm: 'Goods received',
      });
      if (!ok) return;
    }
    setWorking(request._id);
    try {
      await send(move);
    } catch (error) {
      toastApiError(error);
      list.refresh();
    } finally {
      setWorking(null);
    }
  };

  const sendAsked = async (extra: MoveExtra) => {
    if (!asking) return;
    try {
      await send(asking, extra);
      setAsking(null);
    } catch (error) {
      list.refresh();
      throw error;
    }
  };
  const close = () => setAsking(null);

  let dialog: ReactNode = null;
  if (asking?.to === 'approved')
    dialog = (
      <NoteDialog
        title={`Approve the ${asking.request.kind === 'exchange' ? 'exchange' : 'return'} of order #${asking.request.orderNumber}?`}
        text="The shopper is told by e-mail that a pickup will be scheduled."
        label="Note to the shopper"
        submit="Approve"
        onSend={sendAsked}
        onClose={close}
      />
    );
  else if (asking?.to === 'rejected')
    dialog = (
      <NoteDialog
        title={`Reject the request of order #${asking.request.orderNumber}?`}
        text="The shopper is told by e-mail, with your reason. Units held for an exchange go back on sale."
        label="Reason"
        required="Please say why the request is rejected"
        submit="Reject"
        danger
        onSend={sendAsked}
        onClose={close}
      />
    );
  else if (asking?.to === 'exchange_shipped')
    dialog = (
      <ShipmentDialog
        title={`Ship the exchange of order #${asking.request.orderNumber}`}
        text="The shopper gets the courier and the tracking number by e-mail."
        submit="Ship exchange"
        onSend={sendAsked}
        onClose={close}
      />
    );

  let body;
  if (list.data === undefined) body = beforeData(list, 'the return requests');
  else if (list.data.returns.length === 0)
    body = (
      <EmptyPanel
        title={view === 'open' ? 'No open requests' : 'No requests'}
        text={
          view === 'open'
            ? 'Return and exchange requests appear here as shoppers make them from their order page.'
            : 'No return or exchange request matches.'
        }
      />
    );
  else
    body = (
      <CardList
        label="Return requests"
        items={list.data.returns}
        count={(n) => (n === 1 ? '1 request' : `${n} requests`)}
        fetching={list.fetching}
      >
        {(request) => (
          <ReturnCard
            request={request}
            busy={working === request._id}
            onMove={(to) => void start({ request, to })}
          />
        )}
      </CardList>
    );

  return (
    <>
      <DeskHeading
        title="Returns"
        text="Returns and size exchanges, oldest open first. Each step e-mails the shopper."
        list={list}
        views={ADMIN_RETURN_VIEWS}
        labels={VIEW_LABELS}
        view={view}
        onView={setView}
      />
      {reloadError(list, 'the return requests')}
      {body}
      {confirmDialog}
      {dialog}
    </>
  );
}

function ReturnCard({
  request,
  busy,
  onMove,
}: {
  request: AdminReturn;
  busy: boolean;
  onMove: (to: ReturnState) => void;
}) {
  const headingId = `return-${request._id}`;
  const steps = request.nextStates.filter((to) => STEP_LABELS[to] !== undefined);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-return"
      data-return-id={request._id}
      className={card}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="font-medium tracking-wide">
            {request.kind === 'exchange' ? 'Exchange' : 'Return for refund'} ·{' '}
            <Link to={`/admin/orders/${request.orderId}`} className="underline underline-offset-4">
              Order #{request.orderNumber}
            </Link>
          </h2>
          <p className="text-xs break-words text-muted">
            <time dateTime={new Date(request.createdAt).toISOString()}>
              {formatDateTime(request.createdAt)}
            </time>{' '}
            · {request.user.name} ({request.user.email})
          </p>
        </div>
        <span
          data-testid="admin-return-state"
          className="rounded-full border border-ink px-3 py-1 text-xs font-medium"
        >
          {RETURN_STATE_LABELS[request.state]}
        </span>
      </header>
      <div className="grid gap-4 px-4 py-4 text-sm sm:px-5 md:grid-cols-[minmax(0,1fr)_16rem]">
        <ReturnLines lines={request.lines} />
        <dl className="space-y-2">
          <div>
            <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
              Reason
            </dt>
            <dd className="break-words">
              {request.reason}
              {request.comment && <span className="block text-muted">“{request.comment}”</span>}
            </dd>
          </div>
          {request.kind === 'refund' && (
            <div>
              <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
                Refund
              </dt>
              <dd data-testid="admin-return-refund" className="break-words">
                <span className="font-medium tabular-nums">{formatPaise(request.refundPaise)}</span>
                {request.upiId && <span className="text-muted"> · UPI {request.upiId}</span>}
              </dd>
            </div>
          )}
          {request.exchangeShipment && (
            <div>
              <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
                Exchange shipped
              </dt>
              <dd data-testid="admin-return-shipment" className="break-words">
                {request.exchangeShipment.courier} · {request.exchangeShipment.trackingNumber}
              </dd>
            </div>
          )}
          {request.adminNote && (
            <div>
              <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
                Your note
              </dt>
              <dd className="break-words">{request.adminNote}</dd>
            </div>
          )}
        </dl>
      </div>
      {steps.length > 0 && (
        <footer className="flex flex-wrap gap-2 border-t border-line px-4 py-3 sm:px-5">
          {steps.map((to) => (
            <Button
              key={to}
              disabled={busy}
              variant={to === 'rejected' ? 'danger' : 'primary'}
              onClick={() => onMove(to)}
            >
              {STEP_LABELS[to]}
            </Button>
          ))}
        </footer>
      )}
    </article>
  );
}

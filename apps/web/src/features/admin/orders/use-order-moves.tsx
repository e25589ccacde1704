import { useState, type ReactNode } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { AdminOrder } from '@vastra/shared/schemas/admin';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { toastApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { NoteDialog, ShipmentDialog, type ShipmentInput } from '../after-sale-dialogs';
import { invalidateAfterSale, invalidateStock } from '../admin-keys';
import { changeOrderStatus, markOrderPaid } from '../api/admin-calls';
import { orderLabel } from '../format';
import { useConfirm } from '../ui';
import type { OrderAction } from './order-actions';

/** What a move needs of the order: the list's card and the order screen both have it. */
type MovableOrder = Pick<AdminOrder, '_id' | 'amount'> & { orderNumber?: number };

/**
 * Moving an order from the list or its own screen (docs/decisions/122): a step forward at once;
 * Shipped after the courier and tracking number; cancelling after a reason; the cash received
 * after a "yes". `onMoved` gets the server's order; `onFailed` runs after a refusal (someone else
 * may have moved it: read it again).
 */
export function useOrderMoves({
  onMoved,
  onFailed,
}: {
  onMoved: (order: AdminOrder) => void;
  onFailed: () => void;
}): {
  dialogs: ReactNode;
  working: string | null;
  start: (order: MovableOrder, action: OrderAction) => void;
} {
  const [confirmDialog, confirm] = useConfirm();
  const [asking, setAsking] = useState<{ order: MovableOrder; action: OrderAction } | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const send = async (
    order: MovableOrder,
    action: OrderAction,
    extra: Partial<ShipmentInput> & { note?: string | undefined } = {},
  ) => {
    const answer =
      action.kind === 'paid'
        ? await markOrderPaid(order._id)
        : await changeOrderStatus(order._id, { status: action.to, ...extra });
    notify.success(`${orderLabel(order)}: ${answer.message}`);
    onMoved(answer.order);
    // A cancelled order's units go back on sale, and a paid one is refunded.
    if (action.kind === 'status' && action.to === ORDER_STATUS.cancelled) invalidateStock();
    invalidateAfterSale();
  };

  const start = async (order: MovableOrder, action: OrderAction) => {
    if (action.ask === 'shipment' || action.ask === 'reason') {
      setAsking({ order, action });
      return;
    }
    if (action.ask === 'confirm') {
      const ok = await confirm({
        title: `Mark order ${orderLabel(order)} paid?`,
        text: `Only once the ${formatPrice(order.amount)} in cash has been received.`,
        confirm: 'Mark paid',
      });
      if (!ok) return;
    }
    setWorking(order._id);
    try {
      await send(order, action);
    } catch (error) {
      toastApiError(error);
      onFailed();
    } finally {
      setWorking(null);
    }
  };

  /** From a dialog: its own form shows a refusal; the order is read again behind it. */
  const sendAsked = async (extra: Partial<ShipmentInput> & { note?: string | undefined }) => {
    if (!asking) return;
    try {
      await send(asking.order, asking.action, extra);
      setAsking(null);
    } catch (error) {
      onFailed();
      throw error;
    }
  };
  const close = () => setAsking(null);

  let dialog: ReactNode = null;
  if (asking?.action.ask === 'shipment')
    dialog = (
      <ShipmentDialog
        title={`Ship order ${orderLabel(asking.order)}`}
        text="The shopper gets the courier and the tracking number by e-mail and on their order page."
        submit="Mark shipped"
        onSend={sendAsked}
        onClose={close}
      />
    );
  else if (asking?.action.ask === 'reason')
    dialog = (
      <NoteDialog
        title={`Cancel order ${orderLabel(asking.order)}?`}
        text="The shopper is told by e-mail, with your reason. Its units go back on sale and a paid order is refunded in full. A cancelled order cannot be moved again."
        label="Reason"
        required="Please give the reason for cancelling"
        submit="Cancel order"
        danger
        onSend={sendAsked}
        onClose={close}
      />
    );

  return {
    dialogs: (
      <>
        {confirmDialog}
        {dialog}
      </>
    ),
    working,
    start: (order, action) => void start(order, action),
  };
}

import { useState, type FormEvent } from 'react';
import { CANCEL_REASONS, type CancelReason } from '@vastra/shared/order-life/returns';
import { formatPaise } from '@vastra/shared/pricing/money';
import { ORDER_LIFE_MESSAGES, type OrderDetail } from '@vastra/shared/schemas/order-life';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { cancelOrder } from '../api/order-calls';
import { Modal } from '@/components/ui/modal';
import { ORDER_PAGE_TEXT } from './order-life-text';
import { refusalMessage } from './refusal';

const CANCEL_TEXT = {
  title: (orderNumber: number) => `Cancel order #${orderNumber}?`,
  reason: 'Why are you cancelling?',
  choose: 'Choose a reason',
  refund: (amount: string) =>
    `${amount} will be refunded to your original payment method within ${ORDER_PAGE_TEXT.refundDays}.`,
  nothingPaid: 'Nothing has been paid for this order, so there is nothing to refund.',
  stockBack: 'The items go back on sale and any coupon you used can be used again.',
  keep: 'Keep order',
  confirm: 'Cancel order',
  cancelling: 'Cancelling…',
  failed: 'The order could not be cancelled',
} as const;

/**
 * "Cancel order" on the order page (docs/decisions/121-storefront-order-page.md): a reason from
 * CANCEL_REASONS, what comes back, then `POST /api/order/cancel`. A refusal stays in the dialog,
 * in the server's words; success hands its message to the page, which reloads the order.
 */
export function CancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: OrderDetail;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [reasonError, setReasonError] = useState<string>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refund = order.actions.cancelRefundPaise;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason === '') {
      setReasonError(ORDER_LIFE_MESSAGES.cancelReason);
      document.getElementById('cancel-reason')?.focus();
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await cancelOrder(order._id, reason);
      onCancelled(answer.message);
    } catch (error) {
      setRefusal(refusalMessage(error, CANCEL_TEXT.failed));
      setBusy(false);
    }
  };

  return (
    <Modal title={CANCEL_TEXT.title(order.orderNumber)} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-5" aria-busy={busy}>
        <SelectField
          id="cancel-reason"
          look="shop"
          label={CANCEL_TEXT.reason}
          value={reason}
          error={reasonError}
          disabled={busy}
          onChange={(e) => {
            setReason(e.target.value as CancelReason | '');
            setReasonError(undefined);
          }}
        >
          <option value="">{CANCEL_TEXT.choose}</option>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <div className="space-y-2 border border-line bg-white/60 px-4 py-3 text-sm">
          <p data-testid="cancel-refund" className={refund > 0 ? 'font-medium' : 'text-muted'}>
            {refund > 0 ? CANCEL_TEXT.refund(formatPaise(refund)) : CANCEL_TEXT.nothingPaid}
          </p>
          <p className="text-muted">{CANCEL_TEXT.stockBack}</p>
        </div>
        {refusal && (
          <p role="alert" className="border border-accent/30 bg-accent/5 px-4 py-3 text-sm">
            {refusal}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {CANCEL_TEXT.keep}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? CANCEL_TEXT.cancelling : CANCEL_TEXT.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

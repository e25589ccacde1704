import { useState, type FormEvent } from 'react';
import {
  RETURN_REASONS,
  type ReturnKind,
  type ReturnReason,
} from '@vastra/shared/order-life/returns';
import { formatPaise } from '@vastra/shared/pricing/money';
import {
  ORDER_LIFE_MESSAGES,
  upiIdSchema,
  type OrderDetail,
  type ReturnableLine,
} from '@vastra/shared/schemas/order-life';
import { Button } from '@/components/ui/button';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { ProductThumb } from '@/components/ui/product-thumb';
import { useQuery } from '@/lib/query';
import { quoteReturn, requestReturn } from '../api/order-calls';
import { Modal } from '@/components/ui/modal';
import { ORDER_PAGE_TEXT } from './order-life-text';
import { refusalMessage } from './refusal';

const RETURN_TEXT = {
  title: 'Return or exchange items',
  kind: 'What would you like?',
  kinds: { refund: 'Return for a refund', exchange: 'Exchange for another size' },
  items: 'Which items?',
  quantity: 'Quantity',
  newSize: 'New size',
  chooseSize: 'Choose',
  noOtherSize: 'No other size is in stock now',
  reason: 'Reason',
  chooseReason: 'Choose a reason',
  comment: 'Comment',
  upiId: 'UPI ID for your refund',
  upiHint: 'This order was paid in cash, so we send the refund by UPI.',
  quoting: 'Working out your refund…',
  refund: (amount: string, cod: boolean) =>
    `You get back ${amount} ${cod ? 'by UPI' : 'to your original payment method'} within ${ORDER_PAGE_TEXT.refundDays} of our receiving the items.`,
  exchange: 'No charge: the new size costs the same. We pick up your items and send the new size.',
  back: 'Not now',
  confirmRefund: 'Request return',
  confirmExchange: 'Request exchange',
  sending: 'Sending…',
  failed: 'Your request could not be sent',
} as const;

interface Choice {
  picked: boolean;
  quantity: number;
  exchangeSize: string;
}

type FieldErrors = Partial<Record<'lines' | 'reason' | 'upiId' | 'sizes', string>>;

/**
 * "Return or exchange items" (docs/decisions/121-storefront-order-page.md): the units still
 * returnable (`actions.returnable`), refund or exchange (only to the sizes the server offers),
 * a reason from RETURN_REASONS, a comment, a UPI ID for a cash-on-delivery refund. A refund's
 * amount is the server's quote, shown before the shopper confirms; refusals stay in the dialog.
 */
export function ReturnDialog({
  order,
  onClose,
  onRequested,
}: {
  order: OrderDetail;
  onClose: () => void;
  onRequested: (message: string) => void;
}) {
  const returnable = order.actions.returnable;
  const [kind, setKind] = useState<ReturnKind>('refund');
  const [choices, setChoices] = useState<Choice[]>(() =>
    returnable.map(() => ({ picked: returnable.length === 1, quantity: 1, exchangeSize: '' })),
  );
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [upiId, setUpiId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cod = order.paymentMethod === 'cod';
  const needsUpi = cod && kind === 'refund';

  const canPick = (line: ReturnableLine) => kind === 'refund' || line.exchangeSizes.length > 0;
  const lines = returnable.flatMap((line, i) => {
    const choice = choices[i]!;
    if (!choice.picked || !canPick(line)) return [];
    return [
      {
        productId: line.productId,
        size: line.size,
        quantity: choice.quantity,
        exchangeSize: kind === 'exchange' ? choice.exchangeSize || null : null,
      },
    ];
  });

  const quote = useQuery(
    ['account', 'return-quote', order._id, lines],
    (signal) => quoteReturn({ orderId: order._id, kind: 'refund', lines }, signal),
    { enabled: kind === 'refund' && lines.length > 0 && !busy, retries: 0 },
  );
  const quoted = kind === 'refund' && lines.length > 0 ? quote.data?.refundPaise : undefined;
  const quoteError =
    kind === 'refund' && lines.length > 0 && quote.error !== undefined && !quote.fetching
      ? refusalMessage(quote.error, RETURN_TEXT.failed)
      : null;

  const change = (i: number, update: Partial<Choice>) => {
    setChoices((all) => all.map((c, j) => (j === i ? { ...c, ...update } : c)));
    setErrors((e) => ({ ...e, lines: undefined, sizes: undefined }));
  };

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (lines.length === 0) found.lines = ORDER_LIFE_MESSAGES.returnLines;
    else if (kind === 'exchange' && lines.some((l) => !l.exchangeSize))
      found.sizes = ORDER_LIFE_MESSAGES.exchangeSize;
    if (reason === '') found.reason = ORDER_LIFE_MESSAGES.returnReason;
    if (needsUpi) {
      if (upiId.trim() === '') found.upiId = ORDER_LIFE_MESSAGES.upiIdNeeded;
      else if (!upiIdSchema.safeParse(upiId).success)
        found.upiId = ORDER_LIFE_MESSAGES.upiIdInvalid;
    }
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    const first = (['lines', 'sizes', 'reason', 'upiId'] as const).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    if (kind === 'refund' && quoted === undefined) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await requestReturn({
        orderId: order._id,
        kind,
        lines,
        reason: reason as ReturnReason,
        comment: comment.trim() || null,
        upiId: needsUpi ? upiId.trim() : null,
      });
      onRequested(answer.message);
    } catch (error) {
      setRefusal(refusalMessage(error, RETURN_TEXT.failed));
      setBusy(false);
    }
  };

  return (
    <Modal title={RETURN_TEXT.title} onClose={onClose} busy={busy} testId="return-dialog">
      <form onSubmit={submit} noValidate className="space-y-6" aria-busy={busy}>
        <fieldset disabled={busy} className="min-w-0 space-y-6">
          <fieldset>
            <legend className="mb-2 text-xs font-medium tracking-[0.14em] uppercase">
              {RETURN_TEXT.kind}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(['refund', 'exchange'] as const).map((k) => (
                <label
                  key={k}
                  className={`flex cursor-pointer items-center gap-2.5 border px-3 py-2.5 text-sm ${
                    kind === k ? 'border-ink bg-white' : 'border-line'
                  }`}
                >
                  <input
                    type="radio"
                    name="return-kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      setErrors({});
                    }}
                    className="accent-ink"
                  />
                  {RETURN_TEXT.kinds[k]}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset
            aria-describedby={errors.lines || errors.sizes ? 'return-lines-error' : undefined}
          >
            <legend className="mb-2 text-xs font-medium tracking-[0.14em] uppercase">
              {RETURN_TEXT.items}
            </legend>
            <ul className="divide-y divide-line border border-line bg-white/60">
              {returnable.map((line, i) => (
                <ReturnableRow
                  key={`${line.productId}:${line.size}`}
                  order={order}
                  line={line}
                  choice={choices[i]!}
                  kind={kind}
                  first={i === 0}
                  onChange={(update) => change(i, update)}
                />
              ))}
            </ul>
            {(errors.lines || errors.sizes) && (
              <p id="return-lines-error" className="mt-1.5 text-xs text-accent">
                {errors.lines ?? errors.sizes}
              </p>
            )}
          </fieldset>

          <SelectField
            look="shop"
            label={RETURN_TEXT.reason}
            value={reason}
            error={errors.reason}
            data-field="reason"
            onChange={(e) => {
              setReason(e.target.value as ReturnReason | '');
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
          >
            <option value="">{RETURN_TEXT.chooseReason}</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>

          <TextArea
            look="shop"
            label={RETURN_TEXT.comment}
            optional
            rows={2}
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />

          {needsUpi && (
            <TextField
              look="shop"
              label={RETURN_TEXT.upiId}
              hint={RETURN_TEXT.upiHint}
              placeholder="name@okbank"
              autoComplete="off"
              maxLength={100}
              value={upiId}
              error={errors.upiId}
              data-field="upiId"
              onChange={(e) => {
                setUpiId(e.target.value);
                setErrors((x) => ({ ...x, upiId: undefined }));
              }}
            />
          )}
        </fieldset>

        <div
          aria-live="polite"
          data-testid="return-quote"
          className="border border-line bg-white/60 px-4 py-3 text-sm"
        >
          {kind === 'exchange' ? (
            <p>{RETURN_TEXT.exchange}</p>
          ) : lines.length === 0 ? (
            <p className="text-muted">{ORDER_LIFE_MESSAGES.returnLines}</p>
          ) : quoted !== undefined ? (
            <p className="font-medium">{RETURN_TEXT.refund(formatPaise(quoted), cod)}</p>
          ) : quoteError ? null : (
            <p className="text-muted">{RETURN_TEXT.quoting}</p>
          )}
        </div>
        {(refusal ?? quoteError) && (
          <p role="alert" className="border border-accent/30 bg-accent/5 px-4 py-3 text-sm">
            {refusal ?? quoteError}
          </p>
        )}

        {/* The buttons stay in sight at the foot of the panel while a long form scrolls. */}
        <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-line bg-paper px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {RETURN_TEXT.back}
          </Button>
          <Button
            type="submit"
            disabled={busy || (kind === 'refund' && lines.length > 0 && quoted === undefined)}
          >
            {busy
              ? RETURN_TEXT.sending
              : kind === 'refund'
                ? // The amount on the button too: on a phone the quote above may be scrolled away.
                  quoted !== undefined
                  ? `${RETURN_TEXT.confirmRefund} · ${formatPaise(quoted)}`
                  : RETURN_TEXT.confirmRefund
                : RETURN_TEXT.confirmExchange}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ReturnableRow({
  order,
  line,
  choice,
  kind,
  first,
  onChange,
}: {
  order: OrderDetail;
  line: ReturnableLine;
  choice: Choice;
  kind: ReturnKind;
  first: boolean;
  onChange: (update: Partial<Choice>) => void;
}) {
  const item = order.items.find((i) => i._id === line.productId && i.size === line.size);
  const name = item?.name ?? line.productId;
  const exchangeable = line.exchangeSizes.length > 0;
  const disabled = kind === 'exchange' && !exchangeable;
  const picked = choice.picked && !disabled;
  const id = `return-${line.productId}-${line.size}`;
  return (
    <li data-testid="return-line" className="flex gap-3 px-3 py-3">
      <input
        id={id}
        type="checkbox"
        checked={picked}
        disabled={disabled}
        data-field={first ? 'lines' : undefined}
        onChange={(e) => onChange({ picked: e.target.checked })}
        className="mt-1 h-4 w-4 shrink-0 accent-ink"
      />
      <ProductThumb
        src={item?.image[0]}
        alt=""
        width={48}
        height={60}
        className="h-15 w-12 shrink-0 rounded-sm"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm leading-snug font-medium">
          {name} <span className="font-normal text-muted">· Size {line.size}</span>
        </label>
        {disabled ? (
          <p className="mt-1 text-xs text-muted">{RETURN_TEXT.noOtherSize}</p>
        ) : (
          picked && (
            <div className="mt-2 flex flex-wrap gap-3">
              <label className="flex items-center gap-2 text-xs text-muted">
                {RETURN_TEXT.quantity}
                <select
                  value={choice.quantity}
                  onChange={(e) => onChange({ quantity: Number(e.target.value) })}
                  className="border border-field bg-white px-2 py-1.5 text-sm text-ink"
                >
                  {Array.from({ length: line.quantity }, (_, n) => n + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              {kind === 'exchange' && (
                <label className="flex items-center gap-2 text-xs text-muted">
                  {RETURN_TEXT.newSize}
                  <select
                    value={choice.exchangeSize}
                    data-field={first ? 'sizes' : undefined}
                    onChange={(e) => onChange({ exchangeSize: e.target.value })}
                    className="border border-field bg-white px-2 py-1.5 text-sm text-ink"
                  >
                    <option value="">{RETURN_TEXT.chooseSize}</option>
                    {line.exchangeSizes.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          )
        )}
      </div>
    </li>
  );
}

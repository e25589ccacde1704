import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error';
import { ProductThumb } from '@/components/ui/product-thumb';
import { loadErrorMessage, type Query } from '@/lib/query';

export const card = 'border border-line bg-white/70';

export function PageHeading({
  title,
  text,
  actions,
}: {
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
      <div className="min-w-0">
        <h1 className="font-serif text-2xl sm:text-3xl">{title}</h1>
        {text && <p className="mt-1 text-sm text-muted">{text}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * One figure of a summary (the overview, the GST report), in a <dl>. `compact` for figures in
 * rupees and paise, two to a row on a phone: a smaller size there, so ₹12,34,567.89 fits 360 px.
 */
export function Figure({
  label,
  value,
  note,
  testId,
  compact = false,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
  compact?: boolean;
}) {
  return (
    <div className={`${card} min-w-0 ${compact ? 'p-4 sm:p-5' : 'p-5'}`}>
      <dt className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd
        data-testid={testId}
        className={`mt-2 font-serif tabular-nums ${compact ? 'text-xl sm:text-3xl' : 'text-3xl'}`}
      >
        {value}
      </dd>
      {note && <dd className="mt-1 text-xs break-words text-muted">{note}</dd>}
    </div>
  );
}

export function Loading({ label: name, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={name} className="space-y-3">
      {Array.from({ length: rows }, (_, n) => (
        <div key={n} className={`${card} h-20 animate-pulse bg-line/40`} />
      ))}
    </div>
  );
}

/**
 * What a screen shows before it has its data: the loading skeleton, or the error with a retry.
 * Null once the data is there.
 */
export function beforeData(query: Omit<Query<unknown>, 'set'>, what: string): ReactNode {
  if (query.data !== undefined) return null;
  if (query.error !== undefined && !query.fetching)
    return (
      <LoadErrorPanel what={what} message={loadErrorMessage(query.error)} onRetry={query.refresh} />
    );
  return <Loading label={`Loading ${what}`} />;
}

/**
 * A reload or another view that failed while the last answer stays on screen (decision 106): the
 * error with its retry above it, so the owner does not take the old list for the new one.
 */
export function reloadError(query: Omit<Query<unknown>, 'set'>, what: string): ReactNode {
  if (query.data === undefined || query.error === undefined || query.fetching) return null;
  return (
    <div className="mb-4">
      <LoadErrorPanel what={what} message={loadErrorMessage(query.error)} onRetry={query.refresh} />
    </div>
  );
}

export interface ConfirmOptions {
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
}

/**
 * "Are you sure?" as a modal <dialog>: the browser traps focus in it, Escape closes it, and focus
 * returns to the button that asked. `ask` resolves true only when the owner confirms.
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<boolean>] {
  const ref = useRef<HTMLDialogElement>(null);
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (options && ref.current && !ref.current.open) ref.current.showModal();
  }, [options]);

  const finish = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    ref.current?.close();
    setOptions(null);
  }, []);

  const ask = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => finish(false)}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] border border-line bg-paper p-0 text-ink backdrop:bg-ink/40"
    >
      {options && (
        <div className="p-6">
          <h2 id={titleId} className="font-serif text-xl">
            {options.title}
          </h2>
          <p className="mt-2 text-sm text-muted">{options.text}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              autoFocus
              onClick={() => finish(false)}
              className={buttonClass('secondary')}
            >
              Keep it
            </button>
            <button
              type="button"
              onClick={() => finish(true)}
              className={buttonClass(options.danger ? 'danger' : 'primary')}
            >
              {options.confirm}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
  return [dialog, ask];
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-muted tabular-nums">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** A small product picture in a list (decorative: the name is beside it), or a grey box. */
export function Thumb({ src, size }: { src: string | undefined; size: 'sm' | 'md' }) {
  const [width, height] = size === 'sm' ? [40, 50] : [56, 70];
  const box = size === 'sm' ? 'h-[50px] w-10 shrink-0' : 'h-[70px] w-14 shrink-0';
  return <ProductThumb src={src} alt="" width={width} height={height} className={box} />;
}

/** Two or more pressed-or-not buttons side by side, one of them chosen. */
export function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap">
      {options.map(([option, text], n) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`border border-ink px-3 py-2 text-xs font-medium tracking-[0.12em] uppercase ${
            value === option ? 'bg-ink text-paper' : 'text-ink hover:bg-ink/5'
          } ${n > 0 ? '-ml-px' : ''}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * A small form in a modal <dialog> (the courier and tracking number, a reason, a payout
 * reference): open while mounted, Escape or "Keep it" closes it (`onClose`), focus goes to its
 * first field and back to the button that opened it when it closes.
 */
export function DialogForm({
  title,
  text,
  submit,
  dismiss = 'Keep it',
  danger = false,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  text?: ReactNode;
  submit: string;
  /** The button that closes it without sending. */
  dismiss?: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] border border-line bg-paper p-0 text-ink backdrop:bg-ink/40"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4 p-6">
        <h2 id={titleId} className="font-serif text-xl">
          {title}
        </h2>
        {text && <p className="text-sm text-muted">{text}</p>}
        {children}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            className={buttonClass('secondary')}
          >
            {dismiss}
          </button>
          <button
            type="submit"
            disabled={busy}
            className={buttonClass(danger ? 'danger' : 'primary')}
          >
            {submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * A desk's list of cards (returns, refunds): how many, then the cards, dimmed while a reload is
 * under way.
 */
export function CardList<T extends { _id: string }>({
  label,
  items,
  count,
  fetching,
  children,
}: {
  label: string;
  items: readonly T[];
  /** "1 refund", "3 refunds". */
  count: (n: number) => string;
  fetching: boolean;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <p role="status" className="mb-3 text-sm text-muted">
        {count(items.length)}
      </p>
      <ol
        aria-label={label}
        aria-busy={fetching}
        className={`space-y-4 ${fetching ? 'opacity-60' : ''}`}
      >
        {items.map((item) => (
          <li key={item._id}>{children(item)}</li>
        ))}
      </ol>
    </>
  );
}

/**
 * A desk's view (returns, refunds, reviews) kept in the address as `?view=`, so a reload or a
 * shared link keeps it; the default view is no parameter at all.
 */
export function useDeskView<T extends string>(
  views: readonly T[],
  fallback: T,
): [T, (view: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') ?? '';
  const view = (views as readonly string[]).includes(asked) ? (asked as T) : fallback;
  return [view, (next) => setParams(next === fallback ? {} : { view: next })];
}

/** A desk's heading with its Refresh button, and the toggle of its views under it. */
export function DeskHeading<T extends string>({
  title,
  text,
  list,
  views,
  labels,
  view,
  onView,
}: {
  title: string;
  text: ReactNode;
  list: Pick<Query<unknown>, 'refresh' | 'fetching'>;
  views: readonly T[];
  labels: Record<T, string>;
  view: T;
  onView: (view: T) => void;
}) {
  return (
    <>
      <PageHeading
        title={title}
        text={text}
        actions={
          <Button variant="secondary" onClick={list.refresh} aria-disabled={list.fetching}>
            Refresh
          </Button>
        }
      />
      <div className="mb-5">
        <Toggle
          label="Show"
          options={views.map((v) => [v, labels[v]] as const)}
          value={view}
          onChange={onView}
        />
      </div>
    </>
  );
}

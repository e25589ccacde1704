import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
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

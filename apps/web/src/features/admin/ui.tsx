import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 bg-ink px-5 py-2.5 text-xs font-medium tracking-[0.16em] text-paper uppercase transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 border border-ink px-4 py-2 text-xs font-medium tracking-[0.14em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper disabled:cursor-wait disabled:opacity-60';
export const dangerButton =
  'inline-flex items-center justify-center gap-2 border border-accent px-4 py-2 text-xs font-medium tracking-[0.14em] text-accent uppercase transition-colors hover:bg-accent hover:text-paper disabled:cursor-wait disabled:opacity-60';
export const linkButton = 'text-sm text-muted underline underline-offset-4 hover:text-ink';
export const card = 'border border-line bg-white/70';
const label = 'mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase';
const control =
  'w-full min-w-0 border bg-white px-3 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none aria-invalid:border-accent';

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

export function LoadError({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string | null;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={`${card} px-6 py-12 text-center`}>
      <p className="font-medium">We could not load {what}.</p>
      {message && <p className="mt-1 text-sm text-muted">{message}</p>}
      <button type="button" onClick={onRetry} className={`mt-5 ${secondaryButton}`}>
        Try again
      </button>
    </div>
  );
}

export function Empty({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${card} px-6 py-12 text-center`}>
      <p className="font-serif text-xl">{title}</p>
      {text && <p className="mx-auto mt-2 max-w-sm text-sm text-muted">{text}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}

function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const own = useId();
  const inputId = id ?? own;
  const errorId = error ? `${inputId}-error` : undefined;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return {
    inputId,
    errorId,
    hintId,
    describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
}

function FieldNotes({
  errorId,
  error,
  hintId,
  hint,
}: {
  errorId?: string;
  error?: string;
  hintId?: string;
  hint?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-accent">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </>
  );
}

type Common = { label: string; error?: string | undefined; hint?: ReactNode; className?: string };
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** The label, the error beside the control and the hint, wired to the control for screen readers. */
function FieldFrame({
  label: text,
  error,
  hint,
  id,
  className = '',
  children,
}: Common & { id?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const ids = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className={label}>
        {text}
      </label>
      {children({
        id: ids.inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.describedBy,
        className: `${control} border-line`,
      })}
      <FieldNotes {...ids} error={error} hint={hint} />
    </div>
  );
}

export function TextField({
  label: text,
  error,
  hint,
  id,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame {...{ label: text, error, hint, id, className }}>
      {(props) => <input {...props} {...input} />}
    </FieldFrame>
  );
}

export function TextArea({
  label: text,
  error,
  hint,
  id,
  className,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame {...{ label: text, error, hint, id, className }}>
      {(props) => <textarea {...props} {...input} />}
    </FieldFrame>
  );
}

export function SelectField({
  label: text,
  error,
  hint,
  id,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame {...{ label: text, error, hint, id, className }}>
      {(props) => (
        <select {...props} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * What a screen shows before it has its data: the loading skeleton, or the error with a retry.
 * Null once the data is there.
 */
export function beforeData(
  load: { data: unknown; error: string | null; busy: boolean; reload: () => void },
  what: string,
): ReactNode {
  if (load.data !== null) return null;
  if (load.error !== null && !load.busy)
    return <LoadError what={what} message={load.error} onRetry={load.reload} />;
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
              className={secondaryButton}
            >
              Keep it
            </button>
            <button
              type="button"
              onClick={() => finish(true)}
              className={options.danger ? dangerButton : primaryButton}
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
        className={secondaryButton}
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
        className={secondaryButton}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** The first message per field of a zod result, for errors beside the fields. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A small product picture in a list (decorative: the name is beside it), or a grey box. */
export function Thumb({ src, size }: { src: string | undefined; size: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-[50px] w-10' : 'h-[70px] w-14';
  const [width, height] = size === 'sm' ? [40, 50] : [56, 70];
  if (!src) return <div className={`${box} shrink-0 bg-line/60`} />;
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      className={`${box} shrink-0 bg-line/60 object-cover`}
    />
  );
}

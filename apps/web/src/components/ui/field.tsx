import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const label = 'mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase';
const control =
  'w-full min-w-0 border bg-white px-3 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none aria-invalid:border-accent';

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

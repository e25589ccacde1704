import { useId, type ComponentProps, type ReactNode } from 'react';

/**
 * compact: /admin's fields (small label, tight padding); shop: the shopper's forms (account
 * screens and checkout: larger label and padding, read-only fields look settled).
 */
export type FieldLook = 'compact' | 'shop';

// Whole class strings (Tailwind finds them only as written): the looks that exist and no others
// (docs/decisions/104-shared-ui-primitives.md). The border is `field` (3:1 against white) and focus
// is the shop's 2 px ring from styles.css (docs/decisions/140-inline-form-errors.md).
const LOOKS: Record<
  FieldLook,
  { label: string; control: string; invalid: string; valid: string; error: string; hint: string }
> = {
  compact: {
    label: 'mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase',
    control:
      'w-full min-w-0 border bg-white px-3 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink aria-invalid:border-accent',
    invalid: 'border-field',
    valid: 'border-field',
    error: 'mt-1.5 text-sm text-accent',
    hint: 'mt-1.5 text-xs text-muted',
  },
  shop: {
    label: 'mb-1.5 block text-xs font-medium tracking-[0.14em] text-ink uppercase',
    control:
      'w-full min-w-0 border bg-white px-3.5 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink read-only:bg-paper read-only:text-muted',
    invalid: 'border-accent',
    valid: 'border-field',
    error: 'mt-1 text-xs text-accent',
    hint: 'mt-1.5 text-xs text-muted',
  },
};

type Common = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  look?: FieldLook;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** A button beside the control, on its row (Send OTP, Verify OTP). */
  action?: ReactNode;
};
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/**
 * The label, the control, the error beside it and the hint, wired to the control for screen
 * readers: `aria-invalid`, and `aria-describedby` naming the error and the hint. The error is
 * announced when it appears (role=alert): every form says what is wrong this one way
 * (docs/decisions/140-inline-form-errors.md).
 */
function FieldFrame({
  label,
  error,
  hint,
  id,
  className = '',
  look = 'compact',
  optional = false,
  action,
  children,
}: Common & { id?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const own = useId();
  const inputId = id ?? own;
  const errorId = error ? `${inputId}-error` : undefined;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const classes = LOOKS[look];
  const control = children({
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    className: `${classes.control} ${error ? classes.invalid : classes.valid}`,
  });
  return (
    <div className={className}>
      <label htmlFor={inputId} className={classes.label}>
        {label}
        {optional && (
          <span className="ml-1 tracking-normal text-muted normal-case">(optional)</span>
        )}
      </label>
      {action ? (
        <div className="flex gap-2">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {error && (
        <p id={errorId} role="alert" className={classes.error}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The frame's props apart from the control's own (`id` goes to both). */
function splitFrame<P extends Common & { id?: string }>({
  label,
  error,
  hint,
  id,
  className,
  look,
  optional,
  action,
  ...control
}: P) {
  return { frame: { label, error, hint, id, className, look, optional, action }, control };
}

export function TextField(props: Common & ComponentProps<'input'>) {
  const { frame, control } = splitFrame(props);
  return <FieldFrame {...frame}>{(own) => <input {...own} {...control} />}</FieldFrame>;
}

export function TextArea(props: Common & ComponentProps<'textarea'>) {
  const { frame, control } = splitFrame(props);
  return <FieldFrame {...frame}>{(own) => <textarea {...own} {...control} />}</FieldFrame>;
}

export function SelectField(props: Common & ComponentProps<'select'>) {
  const { frame, control } = splitFrame(props);
  const { children, ...select } = control;
  return (
    <FieldFrame {...frame}>
      {(own) => (
        <select {...own} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

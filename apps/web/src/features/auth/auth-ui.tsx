import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The card every account screen sits in: a serif title, an optional line under it, the form. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-shop flex justify-center py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md border border-line bg-white/70 px-5 py-8 shadow-[0_1px_0_rgba(0,0,0,0.02)] sm:px-10 sm:py-10"
      >
        <div className="mb-8 text-center">
          <h1
            id="auth-title"
            className="inline-flex items-center gap-2.5 font-serif text-[1.375rem] tracking-[0.1em] sm:gap-3 sm:text-3xl sm:tracking-[0.12em]"
          >
            <span aria-hidden="true" className="h-px w-5 shrink-0 bg-ink sm:w-8" />
            {title}
            <span aria-hidden="true" className="h-px w-5 shrink-0 bg-ink sm:w-8" />
          </h1>
          {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A button beside the input (Send OTP, Verify OTP). */
  action?: ReactNode;
  hint?: ReactNode;
};

/** A labelled input; read-only fields look settled rather than disabled. */
export function Field({ label, action, hint, id, className = '', ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className="mb-1.5 block text-xs font-medium tracking-[0.14em] text-ink uppercase"
      >
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          aria-describedby={hintId}
          className="min-w-0 flex-1 border border-line bg-white px-3.5 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none read-only:bg-paper read-only:text-muted"
          {...input}
        />
        {action}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

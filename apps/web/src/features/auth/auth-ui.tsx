import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ACCOUNT } from '@vastra/shared/constants';
import { TextField } from '@/components/ui/field';
import type { SchemaForm } from '@/components/ui/form';

/** The card every account screen sits in: a serif title, an optional line under it, the form. */
export function AuthCard({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** The profile, with its address book: room for two fields a row. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="container-shop flex justify-center py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} border border-line bg-white/70 px-5 py-8 shadow-[0_1px_0_rgba(0,0,0,0.02)] sm:px-10 sm:py-10`}
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

/** The OTP input of register and forgot-password: digits only, at most the schema's length. */
export function OtpField({
  field,
  action,
  hint,
}: {
  field: ReturnType<SchemaForm<FieldValues, unknown>['field']>;
  action?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <TextField
      look="shop"
      label="OTP"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={`${ACCOUNT.otpLength}-digit code`}
      {...field}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '');
        return field.onChange(event);
      }}
      action={action}
      hint={hint}
    />
  );
}

/** The account's e-mail, read-only: also the account's name for password managers. */
export function AccountEmailField({ email, hint }: { email: string; hint?: ReactNode }) {
  return (
    <TextField
      look="shop"
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      value={email}
      hint={hint}
      readOnly
    />
  );
}

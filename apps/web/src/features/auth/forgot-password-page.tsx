import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import { emailRequestSchema, type EmailRequest } from '@vastra/shared/schemas/user';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { setToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { resendOtp, sendPasswordOtp, setPassword, verifyOtp } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { newPasswordFormSchema, otpFormSchema } from './account-forms';
import { AuthCard, OtpField } from './auth-ui';
import { AUTH_TEXT } from './messages';
import { useCountdown } from './use-countdown';

type Step = 1 | 2 | 3;
const STEP_TITLES: Record<Step, string> = {
  1: 'Your email',
  2: 'Enter the OTP',
  3: 'New password',
};

/**
 * /forgot-password (docs/product.md §2, §4, §5): step 1 (email) → step 2 (OTP) on a successful send → step 3
 * (new password) after verification → /login after the update.
 */
export function ForgotPasswordPage() {
  useDocumentMeta('Forgot password', 'Reset your Vastra password with a code sent to your email.');
  const navigate = useNavigate();
  const countdown = useCountdown();
  const [step, setStep] = useState<Step>(1);
  // The address as typed (trimmed): the code and the new password belong to it.
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toastApiError(error, fallback);
    } finally {
      setBusy(false);
    }
  };

  const onSendOtp = (address: string) =>
    run(async () => {
      const answer = await sendPasswordOtp(address);
      setEmail(address);
      notify.success(answer.message || AUTH_TEXT.otpSent);
      countdown.start(ACCOUNT.otpResendSeconds);
      setStep(2);
    }, AUTH_TEXT.errorSendingOtp);

  const onResend = () => {
    if (countdown.remaining > 0) return notify.error(AUTH_TEXT.resendWait(countdown.remaining));
    void run(async () => {
      const answer = await resendOtp(email, 'password');
      notify.success(answer.message || AUTH_TEXT.otpSent);
      countdown.start(ACCOUNT.otpResendSeconds);
    }, AUTH_TEXT.errorResendingOtp);
  };

  const onVerify = (otp: string) =>
    run(async () => {
      await verifyOtp(email, otp, 'password');
      notify.success(AUTH_TEXT.otpVerified);
      setStep(3);
    }, AUTH_TEXT.otpVerificationFailed);

  const onUpdate = (newPassword: string) =>
    run(async () => {
      const answer = await setPassword(email, newPassword);
      // A logged-in shopper resetting their own password gets a new token (the old one is now
      // refused): keep the session, as /update-password does.
      if (answer.token) setToken(answer.token);
      notify.success(AUTH_TEXT.passwordUpdated);
      navigate('/login');
    }, AUTH_TEXT.passwordUpdateFailed);

  return (
    <AuthCard title="Forgot Password" subtitle={`Step ${step} of 3 · ${STEP_TITLES[step]}`}>
      <ol aria-hidden="true" className="mb-7 grid grid-cols-3 gap-2">
        {([1, 2, 3] as const).map((n) => (
          <li key={n} className={`h-1 ${n <= step ? 'bg-ink' : 'bg-line'}`} />
        ))}
      </ol>

      {step === 1 && <EmailStep busy={busy} onSend={onSendOtp} />}
      {step === 2 && (
        <OtpStep
          email={email}
          busy={busy}
          resendLabel={
            countdown.remaining > 0 ? `Resend OTP in ${countdown.remaining}s` : 'Resend OTP'
          }
          onResend={onResend}
          onVerify={onVerify}
        />
      )}
      {step === 3 && <NewPasswordStep email={email} busy={busy} onUpdate={onUpdate} />}

      <Button
        type="button"
        variant="secondary"
        size="block"
        className="mt-4"
        onClick={() => navigate('/login')}
      >
        BACK TO LOGIN
      </Button>
    </AuthCard>
  );
}

function EmailStep({ busy, onSend }: { busy: boolean; onSend: (email: string) => Promise<void> }) {
  const form = useSchemaForm<{ email: string }, EmailRequest>({
    schema: emailRequestSchema,
    defaultValues: { email: '' },
  });
  return (
    <form
      onSubmit={form.handleSubmit(() => onSend(form.getValues('email').trim()))}
      className="space-y-5"
      noValidate
    >
      <p className="text-sm text-muted">
        Enter the email address of your account and we will send you a code.
      </p>
      <TextField
        look="shop"
        label="Email"
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <Button type="submit" size="block" disabled={busy}>
        {busy ? 'SENDING…' : 'SEND OTP'}
      </Button>
    </form>
  );
}

function OtpStep({
  email,
  busy,
  resendLabel,
  onResend,
  onVerify,
}: {
  email: string;
  busy: boolean;
  resendLabel: string;
  onResend: () => void;
  onVerify: (otp: string) => Promise<void>;
}) {
  const form = useSchemaForm<{ otp: string }, { otp: string }>({
    schema: otpFormSchema,
    defaultValues: { otp: '' },
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onVerify(values.otp))}
      className="space-y-5"
      noValidate
    >
      <p className="text-sm text-muted">
        If an account exists for{' '}
        <span className="font-medium [overflow-wrap:anywhere] text-ink">{email}</span>, we have sent
        it a code. It is valid for {ACCOUNT.otpValidityMinutes} minutes.
      </p>
      <OtpField field={form.field('otp')} />
      <Button type="submit" size="block" disabled={busy}>
        {busy ? 'VERIFYING…' : 'VERIFY OTP'}
      </Button>
      <p className="text-center text-sm text-muted">
        Didn’t get it?{' '}
        <button
          type="button"
          onClick={onResend}
          className="font-medium text-ink underline underline-offset-4 hover:text-accent"
        >
          {resendLabel}
        </button>
      </p>
    </form>
  );
}

function NewPasswordStep({
  email,
  busy,
  onUpdate,
}: {
  email: string;
  busy: boolean;
  onUpdate: (newPassword: string) => Promise<void>;
}) {
  const form = useSchemaForm<{ newpassword: string }, { newpassword: string }>({
    schema: newPasswordFormSchema,
    defaultValues: { newpassword: '' },
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onUpdate(values.newpassword))}
      className="space-y-5"
      noValidate
    >
      <TextField look="shop" label="Email" type="email" value={email} readOnly />
      <TextField
        look="shop"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${ACCOUNT.passwordMinLength} characters.`}
        {...form.field('newpassword')}
      />
      <Button type="submit" size="block" disabled={busy}>
        {busy ? 'UPDATING…' : 'UPDATE PASSWORD'}
      </Button>
    </form>
  );
}

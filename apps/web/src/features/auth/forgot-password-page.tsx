import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { setToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { resendOtp, sendPasswordOtp, setPassword, verifyOtp } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { AuthCard, Field } from './auth-ui';
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
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
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

  const onSendOtp = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return notify.error(AUTH_TEXT.enterEmail);
    void run(async () => {
      const answer = await sendPasswordOtp(email.trim());
      notify.success(answer.message || AUTH_TEXT.otpSent);
      countdown.start(ACCOUNT.otpResendSeconds);
      setStep(2);
    }, AUTH_TEXT.errorSendingOtp);
  };

  const onResend = () => {
    if (countdown.remaining > 0) return notify.error(AUTH_TEXT.resendWait(countdown.remaining));
    void run(async () => {
      const answer = await resendOtp(email.trim(), 'password');
      notify.success(answer.message || AUTH_TEXT.otpSent);
      countdown.start(ACCOUNT.otpResendSeconds);
    }, AUTH_TEXT.errorResendingOtp);
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim()) return notify.error(AUTH_TEXT.enterOtp);
    void run(async () => {
      await verifyOtp(email.trim(), otp.trim(), 'password');
      notify.success(AUTH_TEXT.otpVerified);
      setStep(3);
    }, AUTH_TEXT.otpVerificationFailed);
  };

  const onUpdate = (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword) return notify.error(AUTH_TEXT.enterNewPassword);
    if (newPassword.length < ACCOUNT.passwordMinLength)
      return notify.error(AUTH_TEXT.passwordTooShort);
    void run(async () => {
      const answer = await setPassword(email.trim(), newPassword);
      // A logged-in shopper resetting their own password gets a new token (the old one is now
      // refused): keep the session, as /update-password does.
      if (answer.token) setToken(answer.token);
      notify.success(AUTH_TEXT.passwordUpdated);
      navigate('/login');
    }, AUTH_TEXT.passwordUpdateFailed);
  };

  return (
    <AuthCard title="Forgot Password" subtitle={`Step ${step} of 3 · ${STEP_TITLES[step]}`}>
      <ol aria-hidden="true" className="mb-7 grid grid-cols-3 gap-2">
        {([1, 2, 3] as const).map((n) => (
          <li key={n} className={`h-1 ${n <= step ? 'bg-ink' : 'bg-line'}`} />
        ))}
      </ol>

      {step === 1 && (
        <form onSubmit={onSendOtp} className="space-y-5" noValidate>
          <p className="text-sm text-muted">
            Enter the email address of your account and we will send you a code.
          </p>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="block" disabled={busy}>
            {busy ? 'SENDING…' : 'SEND OTP'}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={onVerify} className="space-y-5" noValidate>
          <p className="text-sm text-muted">
            If an account exists for{' '}
            <span className="font-medium break-all text-ink">{email.trim()}</span>, we have sent it
            a code. It is valid for {ACCOUNT.otpValidityMinutes} minutes.
          </p>
          <Field
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCOUNT.otpLength}
            placeholder={`${ACCOUNT.otpLength}-digit code`}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          />
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
              {countdown.remaining > 0 ? `Resend OTP in ${countdown.remaining}s` : 'Resend OTP'}
            </button>
          </p>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={onUpdate} className="space-y-5" noValidate>
          <Field label="Email" type="email" value={email.trim()} readOnly />
          <Field
            label="New password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            hint={`At least ${ACCOUNT.passwordMinLength} characters.`}
          />
          <Button type="submit" size="block" disabled={busy}>
            {busy ? 'UPDATING…' : 'UPDATE PASSWORD'}
          </Button>
        </form>
      )}

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

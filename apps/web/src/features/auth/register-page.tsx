import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { register, sendRegisterOtp, verifyOtp } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { AuthCard, Field } from './auth-ui';
import { AUTH_TEXT } from './messages';
import { useCountdown } from './use-countdown';

/**
 * /register (docs/product.md §2, §4, §5): email unverified → OTP sent (30 s resend lock) → verified → Sign Up
 * allowed → /login. The server enforces every step again.
 */
export function RegisterPage() {
  useDocumentMeta('Create account', 'Create your Vastra account with your email address.');
  const token = useToken();
  const navigate = useNavigate();
  const countdown = useCountdown();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState<'send' | 'verify' | 'submit' | null>(null);

  if (token) return <Navigate to="/" replace />;

  const onEmailChange = (value: string) => {
    setEmail(value);
    // A code belongs to the address it was sent to.
    if (otpSent) {
      setOtpSent(false);
      setOtp('');
      countdown.reset();
    }
  };

  const onSendOtp = async () => {
    if (!email.trim()) return notify.error(AUTH_TEXT.enterEmail);
    if (countdown.remaining > 0) return notify.error(AUTH_TEXT.resendWait(countdown.remaining));
    setBusy('send');
    try {
      const answer = await sendRegisterOtp(email.trim());
      notify.success(answer.message || AUTH_TEXT.otpSent);
      setOtpSent(true);
      countdown.start(ACCOUNT.otpResendSeconds);
    } catch (error) {
      toastApiError(error, AUTH_TEXT.errorSendingOtp);
    } finally {
      setBusy(null);
    }
  };

  const onVerifyOtp = async () => {
    if (!otp.trim()) return notify.error(AUTH_TEXT.enterOtp);
    setBusy('verify');
    try {
      await verifyOtp(email.trim(), otp.trim(), 'register');
      notify.success(AUTH_TEXT.emailVerified);
      setVerified(true);
      countdown.reset();
    } catch (error) {
      toastApiError(error, AUTH_TEXT.otpVerificationFailed);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!verified) return notify.error(AUTH_TEXT.verifyEmailFirst);
    if (!name.trim()) return notify.error(AUTH_TEXT.enterName);
    if (password.length < ACCOUNT.passwordMinLength)
      return notify.error(AUTH_TEXT.passwordTooShort);
    setBusy('submit');
    try {
      await register({ name: name.trim(), email: email.trim(), password });
      notify.success(AUTH_TEXT.registered);
      navigate('/login');
    } catch (error) {
      toastApiError(error, AUTH_TEXT.registrationFailed);
      setBusy(null);
    }
  };

  const sendLabel =
    busy === 'send'
      ? 'SENDING…'
      : otpSent
        ? countdown.remaining > 0
          ? `RESEND (${countdown.remaining}s)`
          : 'RESEND OTP'
        : 'SEND OTP';

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your account: we will email you a code to verify your address."
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={ACCOUNT.nameMaxLength}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          readOnly={verified}
          onChange={(e) => onEmailChange(e.target.value)}
          action={
            !verified && (
              <Button
                type="button"
                variant="inline"
                onClick={onSendOtp}
                disabled={busy === 'send'}
                aria-describedby="otp-status"
              >
                {sendLabel}
              </Button>
            )
          }
          hint={
            verified ? <span className="font-medium text-sale">✓ Email verified</span> : undefined
          }
        />
        {!verified && (
          <Field
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCOUNT.otpLength}
            placeholder={`${ACCOUNT.otpLength}-digit code`}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            action={
              <Button
                type="button"
                variant="inline"
                onClick={onVerifyOtp}
                disabled={busy === 'verify'}
              >
                {busy === 'verify' ? 'VERIFYING…' : 'VERIFY OTP'}
              </Button>
            }
            hint={
              <span id="otp-status" aria-live="polite" className="[overflow-wrap:anywhere]">
                {otpSent
                  ? `We sent a code to ${email.trim()}. It is valid for ${ACCOUNT.otpValidityMinutes} minutes.`
                  : 'Send a code to your email, then enter it here.'}
              </span>
            }
          />
        )}
        <Field
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`At least ${ACCOUNT.passwordMinLength} characters.`}
        />
        <Button type="submit" size="block" disabled={busy === 'submit'}>
          {busy === 'submit' ? 'SIGNING UP…' : 'SIGN UP'}
        </Button>
        {!verified && (
          <Button type="button" variant="secondary" size="block" onClick={() => navigate('/login')}>
            BACK TO LOGIN
          </Button>
        )}
      </form>
    </AuthCard>
  );
}

import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import {
  emailSchema,
  otpSchema,
  registerRequestSchema,
  type RegisterRequest,
} from '@vastra/shared/schemas/user';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { register, sendRegisterOtp, verifyOtp } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { AuthCard, OtpField } from './auth-ui';
import { AUTH_TEXT } from './messages';
import { useCountdown } from './use-countdown';

type Values = { name: string; email: string; otp: string; password: string };

/**
 * /register (docs/product.md §2, §4, §5): email unverified → OTP sent (30 s resend lock) → verified → Sign Up
 * allowed → /login. The server enforces every step again.
 */
export function RegisterPage() {
  useDocumentMeta('Create account', 'Create your Vastra account with your email address.');
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const countdown = useCountdown();
  const form = useSchemaForm<Values, RegisterRequest>({
    schema: registerRequestSchema,
    defaultValues: { name: '', email: '', otp: '', password: '' },
  });
  const [otpSent, setOtpSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState<'send' | 'verify' | 'submit' | null>(null);

  if (token) return <Navigate to="/" replace />;

  const emailField = form.field('email');
  const sentTo = form.watch('email').trim();

  const onEmailChange = () => {
    // A code belongs to the address it was sent to.
    if (otpSent) {
      setOtpSent(false);
      form.setValue('otp', '');
      countdown.reset();
    }
  };

  const onSendOtp = async () => {
    const email = form.checkField('email', emailSchema);
    if (email === undefined) return;
    if (countdown.remaining > 0) return notify.error(AUTH_TEXT.resendWait(countdown.remaining));
    setBusy('send');
    try {
      const answer = await sendRegisterOtp(email);
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
    const otp = form.checkField('otp', otpSchema);
    if (otp === undefined) return;
    setBusy('verify');
    try {
      await verifyOtp(form.getValues('email').trim(), otp, 'register');
      notify.success(AUTH_TEXT.emailVerified);
      setVerified(true);
      countdown.reset();
    } catch (error) {
      toastApiError(error, AUTH_TEXT.otpVerificationFailed);
    } finally {
      setBusy(null);
    }
  };

  /** SIGN UP needs a verified e-mail (docs/product.md §5), said beside the e-mail field. */
  const requireVerified = (focus: boolean) => {
    if (verified || form.getFieldState('email').error) return;
    form.setError('email', { message: AUTH_TEXT.verifyEmailFirst }, { shouldFocus: focus });
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (busy) return;
      if (!verified) return requireVerified(true);
      setBusy('submit');
      try {
        await register(values);
        notify.success(AUTH_TEXT.registered);
        // Whatever sent the shopper to log in still waits there (docs/decisions/135).
        navigate('/login', { state: location.state as unknown });
      } catch (error) {
        toastApiError(error, AUTH_TEXT.registrationFailed);
        setBusy(null);
      }
    },
    () => requireVerified(false),
  );

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
        <TextField look="shop" label="Name" autoComplete="name" {...form.field('name')} />
        {/* The address has the row to itself, so a long one is seen whole; SEND OTP is under it
            (docs/decisions/140-inline-form-errors.md). */}
        <div className="space-y-2">
          <TextField
            look="shop"
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={verified}
            {...emailField}
            onChange={(event) => {
              onEmailChange();
              return emailField.onChange(event);
            }}
            hint={
              verified ? <span className="font-medium text-sale">✓ Email verified</span> : undefined
            }
          />
          {!verified && (
            <Button
              type="button"
              variant="inline"
              onClick={onSendOtp}
              disabled={busy === 'send'}
              aria-describedby="otp-status"
            >
              {sendLabel}
            </Button>
          )}
        </div>
        {!verified && (
          <OtpField
            field={form.field('otp', otpSchema)}
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
                  ? `We sent a code to ${sentTo}. It is valid for ${ACCOUNT.otpValidityMinutes} minutes.`
                  : 'Send a code to your email, then enter it here.'}
              </span>
            }
          />
        )}
        <TextField
          look="shop"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${ACCOUNT.passwordMinLength} characters.`}
          {...form.field('password')}
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

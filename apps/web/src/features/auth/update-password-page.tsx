import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import { setToken } from '@/lib/session';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { setPassword } from './api/account-calls';
import { AuthCard, Field, primaryButton } from './auth-ui';
import { AUTH_TEXT } from './messages';

function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    const { email } = state as { email: unknown };
    if (typeof email === 'string') return email;
  }
  return '';
}

/**
 * /update-password (spec §2, §5): the e-mail passed in navigation state, read-only, and a new
 * password. Reached from My Profile; the server allows it for the logged-in user's own e-mail.
 */
export function UpdatePasswordPage() {
  useDocumentMeta('Change password');
  const navigate = useNavigate();
  const email = emailFromState(useLocation().state);
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!email || !newPassword) return notify.error(AUTH_TEXT.missingInformation);
    if (newPassword.length < ACCOUNT.passwordMinLength)
      return notify.error(AUTH_TEXT.passwordTooShort);
    setBusy(true);
    try {
      const answer = await setPassword(email, newPassword);
      // Other sessions of the account end; this browser continues with its new token.
      if (answer.token) setToken(answer.token);
      notify.success(AUTH_TEXT.passwordUpdated);
      navigate('/');
    } catch (error) {
      toastApiError(error, AUTH_TEXT.passwordUpdateFailed);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Change Password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <Field
          label="Email"
          type="email"
          value={email}
          readOnly
          hint={
            email ? undefined : (
              <>
                Open this page from{' '}
                <Link to="/profile" className="text-ink underline underline-offset-4">
                  My Profile
                </Link>
                .
              </>
            )
          }
        />
        <Field
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          hint={`At least ${ACCOUNT.passwordMinLength} characters. Other devices will be logged out.`}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'UPDATING…' : 'UPDATE PASSWORD'}
        </button>
      </form>
    </AuthCard>
  );
}

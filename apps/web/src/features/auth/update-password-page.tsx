import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT } from '@vastra/shared/constants';
import { setToken, useToken } from '@/lib/session';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { setPassword } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { passwordChangeFormSchema } from './account-forms';
import { AccountEmailField, AuthCard } from './auth-ui';
import { MePending } from './me-pending';
import { AUTH_TEXT } from './messages';
import { useMe } from './use-me';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

type Values = { currentPassword: string; newpassword: string };

/**
 * /update-password: the logged-in shopper's e-mail, read-only (from /api/user/me,
 * so a reload or a direct visit works), their current password and a new one. The server asks
 * for the current password: a session alone must not be able to take the account over
 * (docs/decisions/090-lockout-free-limits.md).
 */
export function UpdatePasswordPage() {
  useDocumentMeta('Change password');
  const token = useToken();
  const navigate = useNavigate();
  const me = useMe(token);
  const form = useSchemaForm<Values, Values>({
    schema: passwordChangeFormSchema,
    defaultValues: { currentPassword: '', newpassword: '' },
  });
  const [busy, setBusy] = useState(false);

  if (!token) return <LoginFirst reason={LOGIN_REASONS.password} />;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newpassword }) => {
    if (busy || me.status !== 'ready') return;
    setBusy(true);
    try {
      const answer = await setPassword(me.user.email, newpassword, currentPassword);
      // Other sessions of the account end; this browser continues with its new token.
      if (answer.token) setToken(answer.token);
      notify.success(AUTH_TEXT.passwordUpdated);
      navigate('/');
    } catch (error) {
      toastApiError(error, AUTH_TEXT.passwordUpdateFailed);
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Change Password" subtitle="Choose a new password for your account.">
      <MePending me={me} loadingLabel="Loading your account" />
      {me.status === 'ready' && (
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <AccountEmailField email={me.user.email} />
          <TextField
            look="shop"
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
            hint={
              <>
                Forgotten it?{' '}
                <Link to="/forgot-password" className="text-ink underline underline-offset-4">
                  Reset it with a code by email
                </Link>
                .
              </>
            }
          />
          <TextField
            look="shop"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${ACCOUNT.passwordMinLength} characters. Other devices will be logged out.`}
            {...form.field('newpassword')}
          />
          <Button type="submit" size="block" disabled={busy}>
            {busy ? 'UPDATING…' : 'UPDATE PASSWORD'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

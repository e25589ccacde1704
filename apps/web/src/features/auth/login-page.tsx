import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { startSession } from '@/lib/account-session';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { login } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { AuthCard, Field } from './auth-ui';
import { AUTH_TEXT } from './messages';

/** /login (docs/product.md §2, §4): idle → signing in → token stored, cart loaded, home. */
export function LoginPage() {
  useDocumentMeta('Login', 'Sign in to your Vastra account to check out and follow your orders.');
  const token = useToken();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);

  // A logged-in user is sent home (docs/product.md §2) — unless this page just logged them in.
  if (token && !signingIn) return <Navigate to="/" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (signingIn) return;
    setSigningIn(true);
    try {
      const answer = await login(email.trim(), password);
      startSession(answer.token);
      navigate('/', { replace: true });
    } catch (error) {
      toastApiError(error, AUTH_TEXT.authenticationFailed);
      setSigningIn(false);
    }
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back. Sign in to check out and see your orders.">
      <form onSubmit={onSubmit} className="space-y-5">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <Link
            to="/forgot-password"
            className="text-muted underline-offset-4 hover:text-ink hover:underline"
          >
            Forgot your password?
          </Link>
          <Link
            to="/register"
            className="text-muted underline-offset-4 hover:text-ink hover:underline"
          >
            Create account
          </Link>
        </div>
        <Button type="submit" size="block" disabled={signingIn}>
          {signingIn ? 'SIGNING IN…' : 'SIGN IN'}
        </Button>
      </form>
    </AuthCard>
  );
}

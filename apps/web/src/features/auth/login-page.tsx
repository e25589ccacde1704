import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { CART_MESSAGES } from '@vastra/shared/schemas/cart';
import { loginRequestSchema, type LoginRequest } from '@vastra/shared/schemas/user';
import { startSession } from '@/lib/account-session';
import { toastApiError } from '@/lib/api-client';
import { loadCart } from '@/lib/cart/cart';
import { addToCart } from '@/lib/cart/cart-sync';
import { readLoginReturn } from '@/lib/login-return';
import { clearToasts, notify } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { login } from './api/account-calls';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { AuthCard } from './auth-ui';
import { AUTH_TEXT } from './messages';

/**
 * /login (docs/product.md §2, §4): idle → signing in → token stored, cart loaded, home — or, when
 * an action sent the shopper here, back to its page with the action finished (docs/decisions/135).
 */
export function LoginPage() {
  useDocumentMeta('Login', 'Sign in to your Vastra account to check out and follow your orders.');
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm<{ email: string; password: string }, LoginRequest>({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
  });
  const [signingIn, setSigningIn] = useState(false);

  // A logged-in user is sent home (docs/product.md §2) — unless this page just logged them in.
  if (token && !signingIn) return <Navigate to="/" replace />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    if (signingIn) return;
    setSigningIn(true);
    try {
      const answer = await login(email, password);
      startSession(answer.token);
      // The wrong password's error and the reason for coming here are answered now.
      clearToasts();
      // Sent here by an action: back to its page, finishing it (docs/decisions/135); else home.
      const back = readLoginReturn(location.state);
      if (back?.add) {
        const added = await addToCart(back.add.productId, back.add.size);
        // The session's first cart read may have crossed the add: read it once more.
        void loadCart();
        if (added.ok) notify.success(CART_MESSAGES.added);
      }
      navigate(back?.from ?? '/', { replace: true });
    } catch (error) {
      toastApiError(error, AUTH_TEXT.authenticationFailed);
      setSigningIn(false);
    }
  });

  return (
    <AuthCard title="Login" subtitle="Welcome back. Sign in to check out and see your orders.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <TextField
          look="shop"
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <TextField
          look="shop"
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
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
            // A new account comes back to what sent the shopper here, as a login does.
            state={location.state as unknown}
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

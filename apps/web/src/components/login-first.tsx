import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginReturnState } from '@/lib/login-return';
import { notify } from '@/lib/toast';

/**
 * What a page that needs an account renders for a visitor: /login, with the reason said and the
 * way back kept, so logging in opens this page (docs/decisions/135-pick-up-where-you-were.md).
 */
export function LoginFirst({ reason }: { reason: string }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    notify.info(reason);
  }, [reason]);
  return <Navigate to="/login" replace state={loginReturnState({ from: pathname + search })} />;
}

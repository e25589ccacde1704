import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearCart } from '@/lib/cart/cart';
import { useToastsWanted } from '@/lib/toast';

// Mounted only once the toast library loaded; should its own chunk still fail (the connection
// dropped in between), render nothing rather than throw out of the app shell.
const ToastHost = lazy<ComponentType>(() =>
  import('./toast-host').then(
    (m) => ({ default: m.ToastHost }),
    () => ({ default: () => null }),
  ),
);

/** docs/product.md §8: a 401 empties the cart and sends the shopper to /login (the client clears the token). */
function SessionExpiry() {
  const navigate = useNavigate();
  useEffect(
    () =>
      api.onSessionExpired(() => {
        clearCart();
        navigate('/login');
      }),
    [navigate],
  );
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const toastsWanted = useToastsWanted();
  return (
    <>
      <SessionExpiry />
      {children}
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}

import { loadCart } from './cart/cart';
import { useToken } from './session';
import { useQuery } from './query';

export type ServerCartStatus = 'loading' | 'ready' | 'error';

/** Loads the server's cart into the cart store; a failure has been shown by `loadCart`. */
async function readServerCart(): Promise<true> {
  if (!(await loadCart())) throw new Error('The cart could not be read');
  return true;
}

/**
 * The server's cart, read into `cartStore` (lib/cart/cart.ts) each time a screen that shows it opens —
 * another tab or device may have changed it. `loadCart` toasts its own failures, so a failure is
 * not retried here (it would toast again); the screen offers a retry.
 */
export function useServerCart(): { status: ServerCartStatus; reload: () => void } {
  const token = useToken();
  const cart = useQuery(['account', 'cart'], readServerCart, {
    enabled: token !== null,
    retries: 0,
  });
  const status = cart.error !== undefined ? 'error' : cart.data ? 'ready' : 'loading';
  return { status, reload: cart.refresh };
}

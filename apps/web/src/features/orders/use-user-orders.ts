import { useCallback, useEffect, useState } from 'react';
import type { OrderSummary } from '@vastra/shared/schemas/order';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { getUserOrders } from './api/order-calls';

export interface UserOrders {
  /** Null until the first load succeeds; a later load that fails keeps the list it had. */
  orders: OrderSummary[] | null;
  /** Why the last load failed, or null. */
  error: string | null;
  /** A load is under way (the first one, or a refresh). */
  busy: boolean;
  /** Loads the orders again, keeping the current list on screen meanwhile. */
  reload: () => void;
}

/**
 * POST /api/order/userorders for the orders page, newest first as the server answers. A 401 is
 * the API client's business (it ends the session; the page then goes to /login) and a cancelled
 * load is nobody's, so neither becomes an error here.
 */
export function useUserOrders(token: string | null): UserOrders {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<UserOrders, 'reload'>>({
    orders: null,
    error: null,
    busy: true,
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getUserOrders(controller.signal).then(
      (answer) => setState({ orders: answer.orders, error: null, busy: false }),
      (error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'aborted' || error.handled)) return;
        const message = error instanceof ApiError ? error.message : TRANSPORT_MESSAGES.generic;
        setState((previous) => ({ ...previous, error: message, busy: false }));
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, busy: true }));
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}

import type { OrderSummary } from '@vastra/shared/schemas/order';
import { ApiError } from '@/lib/api-client';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { getUserOrders } from './api/order-calls';

/** The shopper's orders; invalidated when an order is placed or paid (decision 106). */
export const ORDERS_KEY = ['account', 'orders'];

/** Where a shopper lands after paying or placing an order: its page, with the confirmation. */
export const placedOrderPath = (orderId: string) =>
  `/orders/${encodeURIComponent(orderId)}?placed=1`;

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
 * the API client's business (it ends the session; the page then goes to /login), so it does not
 * become an error here.
 */
export function useUserOrders(token: string | null): UserOrders {
  const query = useQuery(ORDERS_KEY, getUserOrders, { enabled: token !== null });
  const { data, error } = query;
  const failed = error !== undefined && !(error instanceof ApiError && error.handled);
  return {
    orders: data?.orders ?? null,
    error: failed ? loadErrorMessage(error) : null,
    // Nothing yet and no failure: the first load is about to start or under way.
    busy: query.fetching || (data === undefined && !failed),
    reload: query.refresh,
  };
}

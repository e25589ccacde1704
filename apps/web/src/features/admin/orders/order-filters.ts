import type { EndpointQuery } from '@vastra/shared/api/endpoints';
import {
  ADMIN_ORDER_VIEWS,
  ADMIN_PAGE_SIZE,
  type AdminOrderView,
} from '@vastra/shared/schemas/admin';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type OrderStatus,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';

/**
 * The order desk's filters live in the page's query string (/admin/orders?status=Packing&payment=unpaid),
 * as the collection's do (docs/decisions/020): a reload, a shared link and the back button keep
 * them. Unknown values are dropped rather than sent to the API to be refused.
 */
export interface OrderFilters {
  /** Which orders at all: active (the default), never-paid closed ones, refund due, or all. */
  view?: AdminOrderView;
  status?: OrderStatus;
  payment?: 'paid' | 'unpaid';
  paymentMethod?: PaymentMethod;
  page: number;
}

export const PAYMENT_STATES = ['paid', 'unpaid'] as const;

/** The API's `view` in words; 'active' is its default, so the address leaves it out. */
export const ORDER_VIEW_LABELS: Record<AdminOrderView, string> = {
  active: 'Active orders',
  'closed-unpaid': 'Closed, never paid',
  'refund-due': 'Refund due',
  all: 'All orders',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const page = Number(search.get('page'));
  const view = oneOf(search.get('view'), ADMIN_ORDER_VIEWS);
  return {
    ...(view && view !== 'active' ? { view } : {}),
    status: oneOf(search.get('status'), ORDER_STATUSES),
    payment: oneOf(search.get('payment'), PAYMENT_STATES),
    paymentMethod: oneOf(search.get('method'), PAYMENT_METHODS),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page's own query string: defaults left out. */
export function filtersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.view && filters.view !== 'active') search.set('view', filters.view);
  if (filters.status) search.set('status', filters.status);
  if (filters.payment) search.set('payment', filters.payment);
  if (filters.paymentMethod) search.set('method', filters.paymentMethod);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** GET /api/admin/orders's query for these filters: the API's own parameter names. */
export function ordersApiQuery(
  filters: OrderFilters,
  pageSize: number = ADMIN_PAGE_SIZE.default,
): EndpointQuery<'admin.orderList'> {
  return {
    view: filters.view ?? 'active',
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.payment ? { payment: filters.payment } : {}),
    ...(filters.paymentMethod ? { paymentMethod: filters.paymentMethod } : {}),
    page: filters.page,
    pageSize,
  };
}

// Orders for the orders and payment-return journeys, made through the real API the way the
// checkout makes them: lines in the server cart, then /api/order/place or /api/order/razorpay.
// An online order is paid through the Razorpay emulator's own Pay call — what its widget's Pay
// button sends — so nothing here tells the shop an order is paid.
import type { OrderSummary } from '@vastra/shared/schemas/order';
import type { OrderDetail } from '@vastra/shared/schemas/order-life';
import { baseURL, clientAddress } from './browser';
import { setServerLine } from './shopper';

/** A delivery address the checkout accepts (Bengaluru, a valid PIN and mobile number). */
export const DELIVERY_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha.rao@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

export interface OrderLine {
  itemId: string;
  size: string;
  quantity: number;
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientAddress(),
      ...(token ? { token } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { success?: boolean; message?: string };
  if (!response.ok || answer.success === false)
    throw new Error(`${path}: ${response.status} ${answer.message ?? JSON.stringify(answer)}`);
  return answer;
}

async function fillCart(token: string, lines: OrderLine[]): Promise<void> {
  for (const line of lines) await setServerLine(token, line.itemId, line.size, line.quantity);
}

/** A cash-on-delivery order of `lines` (placed unpaid), to `address`; answers its id. */
export async function placeCodOrder(
  token: string,
  lines: OrderLine[],
  address: typeof DELIVERY_ADDRESS = DELIVERY_ADDRESS,
): Promise<string> {
  await fillCart(token, lines);
  const answer = await post<{ orderId: string }>(
    '/api/order/place',
    { address, couponCode: null, paymentMethod: 'cod' },
    token,
  );
  return answer.orderId;
}

async function createRazorpayOrder(token: string, lines: OrderLine[]) {
  await fillCart(token, lines);
  return post<{ orderId: string; key: string; order: { id: string } }>(
    '/api/order/razorpay',
    { address: DELIVERY_ADDRESS, couponCode: null, paymentMethod: 'razorpay' },
    token,
  );
}

/** A Razorpay order of `lines` whose payment window was never used; answers our order id. */
export async function placeUnpaidRazorpayOrder(token: string, lines: OrderLine[]): Promise<string> {
  return (await createRazorpayOrder(token, lines)).orderId;
}

/** A Razorpay order of `lines`, paid by UPI in the emulator; answers our order id. */
export async function placePaidRazorpayOrder(token: string, lines: OrderLine[]): Promise<string> {
  const created = await createRazorpayOrder(token, lines);
  const paid = await post<{ razorpay_payment_id?: string }>('/razorpay-emulator/checkout/pay', {
    key_id: created.key,
    order_id: created.order.id,
    method: 'upi',
    vpa: 'success@razorpay',
  });
  if (!paid.razorpay_payment_id) throw new Error(`checkout/pay: ${JSON.stringify(paid)}`);
  return created.orderId;
}

/** The shopper's orders as the API answers them (newest first). */
export async function userOrders(token: string): Promise<OrderSummary[]> {
  return (await post<{ orders: OrderSummary[] }>('/api/order/userorders', {}, token)).orders;
}

async function send<T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': clientAddress(),
      token,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { success?: boolean; message?: string };
  if (!response.ok || answer.success === false)
    throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer;
}

/** One order as its page reads it (`GET /api/order/:id`). */
export async function orderDetail(token: string, orderId: string): Promise<OrderDetail> {
  return (await send<{ order: OrderDetail }>('GET', `/api/order/${orderId}`, token)).order;
}

/** The admin moves an order one step (the courier and tracking number come with Shipped). */
async function adminMoveOrder(
  adminToken: string,
  orderId: string,
  status: string,
  shipment: { courier: string; trackingNumber: string } | object = {},
): Promise<void> {
  await send('POST', `/api/admin/orders/${orderId}/status`, adminToken, { status, ...shipment });
}

/** Placed → Packing → Shipped (with courier and tracking) → Out for delivery → Delivered. */
export async function adminDeliver(
  adminToken: string,
  orderId: string,
  shipment: { courier: string; trackingNumber: string },
): Promise<void> {
  await adminMoveOrder(adminToken, orderId, 'Packing');
  await adminMoveOrder(adminToken, orderId, 'Shipped', shipment);
  await adminMoveOrder(adminToken, orderId, 'Out for delivery');
  await adminMoveOrder(adminToken, orderId, 'Delivered');
}

/** The admin moves a return request one step (returns.adminMove). */
export async function adminMoveReturn(
  adminToken: string,
  returnId: string,
  to: string,
  extra: { courier?: string; trackingNumber?: string; note?: string } = {},
): Promise<void> {
  await send('POST', `/api/admin/returns/${returnId}/state`, adminToken, { to, ...extra });
}

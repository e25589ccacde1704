import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderSummary } from '@vastra/shared/schemas/order';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls } from '@/test/api-answers';
import { makeOrder } from '@/test-fixtures';
import { OrdersPage } from './orders-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const newer = makeOrder({
  _id: '11111111-aaaa-4bbb-8ccc-000000000001',
  items: [
    {
      _id: 'p2',
      name: 'Slim Chinos',
      image: ['/uploads/products/p2-1.webp'],
      price: 1999,
      category: 'PANTS',
      subCategory: 'SPYKAR',
      size: '32',
      quantity: 1,
    },
  ],
  amount: 2048,
  paymentMethod: 'razorpay',
  payment: true,
  status: 'Shipped',
  date: Date.UTC(2026, 10, 24, 6, 30),
});
const older = makeOrder({ _id: '22222222-aaaa-4bbb-8ccc-000000000002' });

type Answer = { orders: OrderSummary[] } | ApiError | 'pending';

/**
 * The network boundary of these pages: `api.call`, answering each call with the next answer and
 * passing it through the endpoint's own answer check, so a fixture the real contract would refuse
 * fails here too.
 */
function serverAnswers(...answers: Answer[]) {
  const resolvers: ((value: unknown) => void)[] = [];
  const call = answerCalls((name) => {
    if (name !== 'orders.list') throw new Error(`unexpected call ${name}`);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no answer left');
    if (answer instanceof ApiError) throw answer;
    return answer === 'pending'
      ? new Promise((resolve) => resolvers.push(resolve))
      : { success: true, orders: answer.orders };
  });
  return {
    call,
    resolve: (orders: OrderSummary[]) => resolvers.shift()!({ success: true, orders }),
  };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/orders']}>
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/collection" element={<p>Collection page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const orderCards = () => screen.getAllByTestId('order');

beforeEach(() => setToken('t'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.restoreAllMocks();
});

describe('<OrdersPage>', () => {
  it('sends a visitor to /login without asking the server', () => {
    clearToken();
    const { call } = serverAnswers();
    renderPage();
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('a skeleton while loading, then each order newest first with its items', async () => {
    const server = serverAnswers('pending');
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('MyOrders');
    server.resolve([newer, older]);

    await waitFor(() => expect(orderCards()).toHaveLength(2));
    expect(screen.queryByRole('status', { name: 'Loading your orders' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Your orders' });
    expect(list.tagName).toBe('OL');
    const [first, second] = orderCards() as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('heading', { name: 'Order #11111111' })).toBeTruthy();
    expect(within(first).getByTestId('order-date').textContent).toBe('24 Nov 2026');
    expect(within(first).getByTestId('order-method').textContent).toBe('Razorpay — card or UPI');
    expect(within(first).getByTestId('order-payment').textContent).toBe('Done');
    expect(within(first).getByTestId('order-status').textContent).toBe('Status: Shipped');
    expect(within(first).getByTestId('order-total').textContent).toBe('₹2,048');
    expect(within(first).getByTestId('order-item-name').textContent).toBe('Slim Chinos');

    expect(within(second).getByTestId('order-date').textContent).toBe('22 Nov 2026');
    expect(within(second).getByTestId('order-method').textContent).toBe('Cash on delivery');
    expect(within(second).getByTestId('order-payment').textContent).toBe('Pending');
    expect(within(second).getByTestId('order-status').textContent).toBe('Status: Order Placed');
    expect(within(second).getByTestId('order-total').textContent).toBe('₹2,647');
    const item = within(second).getByTestId('order-item');
    expect(within(item).getByRole('img', { name: 'Linen Shirt' }).getAttribute('src')).toBe(
      '/uploads/products/p1-1.webp',
    );
    expect(within(item).getByRole('link', { name: 'Linen Shirt' }).getAttribute('href')).toBe(
      // The readable address: slug, then the id (docs/decisions/141-links-that-travel.md).
      '/product/linen-shirt-p1',
    );
    expect(within(item).getByTestId('order-item-price').textContent).toBe('₹1,299');
    expect(within(item).getByTestId('order-item-size').textContent).toBe('M');
    expect(within(item).getByTestId('order-item-quantity').textContent).toBe('2');
    expect(screen.getByText('2 orders, newest first')).toBeTruthy();
    // Each order leads to its own page.
    expect(
      within(first).getByRole('link', { name: 'View order #11111111' }).getAttribute('href'),
    ).toBe(`/orders/${newer._id}`);
    expect(
      within(second).getByRole('link', { name: 'View order #22222222' }).getAttribute('href'),
    ).toBe(`/orders/${older._id}`);
  });

  it('no orders: "No orders yet" and the way to the collection', async () => {
    serverAnswers({ orders: [] });
    renderPage();
    await screen.findByRole('heading', { name: 'No orders yet' });
    expect(screen.queryByRole('list', { name: 'Your orders' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'BROWSE THE COLLECTION' }));
    expect(screen.getByText('Collection page')).toBeTruthy();
  });

  it('a failed load, tried three times, says why and offers a retry — not an empty list', async () => {
    const offline = () => new ApiError('network', TRANSPORT_MESSAGES.noResponse);
    const { call } = serverAnswers(offline(), offline(), offline(), { orders: [older] });
    renderPage();
    // A network failure is tried again twice, with back-off (lib/query.ts), before it is shown.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(call).toHaveBeenCalledTimes(3);
    expect(alert.textContent).toContain('We could not load your orders.');
    expect(alert.textContent).toContain(TRANSPORT_MESSAGES.noResponse);
    expect(screen.queryByRole('heading', { name: 'No orders yet' })).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    await waitFor(() => expect(orderCards()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(call).toHaveBeenCalledTimes(4);
  });

  it('Refresh keeps the list on screen while it reloads, then shows the new order', async () => {
    const server = serverAnswers({ orders: [older] }, 'pending');
    renderPage();
    await waitFor(() => expect(orderCards()).toHaveLength(1));

    const refresh = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    expect(refresh.textContent).toBe('Refreshing…');
    expect(refresh.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(refresh); // busy: not a second call
    expect(orderCards()).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Your orders' }).getAttribute('aria-busy')).toBe(
      'true',
    );

    server.resolve([newer, older]);
    await waitFor(() => expect(orderCards()).toHaveLength(2));
    expect(within(orderCards()[0]!).getByTestId('order-item-name').textContent).toBe('Slim Chinos');
    expect(refresh.textContent).toBe('Refresh');
    expect(server.call).toHaveBeenCalledTimes(2);
  });

  it('a failed refresh keeps the list and says it could not refresh', async () => {
    serverAnswers(
      { orders: [older] },
      new ApiError('http', 'Too many requests', {
        status: 429,
        serverMessage: 'Too many requests',
      }),
    );
    renderPage();
    await waitFor(() => expect(orderCards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('We could not refresh your orders. Too many requests');
    expect(orderCards()).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderSummary } from '@vastra/shared/schemas/order';
import { ApiError } from '@/lib/api-client';
import type { CallableEndpoint } from '@/lib/api-client';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeOrder } from '@/test-fixtures';
import { OrdersPage } from './orders-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const ID = '33333333-aaaa-4bbb-8ccc-000000000003';
/** 09:05 UTC is 14:35 in India. */
const EXPIRES = Date.UTC(2099, 0, 1, 9, 5);

const open = makeOrder({
  _id: ID,
  paymentMethod: 'razorpay',
  date: Date.UTC(2098, 11, 31, 8, 50),
  openForPayment: true,
  holdExpiresAt: EXPIRES,
});
const closed: OrderSummary = { ...open, openForPayment: false, holdExpiresAt: null };

/** The server: the orders list answers `lists` in turn; `other` answers the rest. */
function server(lists: OrderSummary[][], other: (name: CallableEndpoint) => unknown) {
  return answerCalls((name) => {
    if (name === 'orders.list') return { success: true, orders: lists.shift() ?? [] };
    return other(name);
  });
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.findByTestId('order');
}

beforeEach(() => setToken('t'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('an open unpaid online order on /orders', () => {
  it('says when to pay by (time in India), with Complete payment and Cancel', async () => {
    server([[open]], () => undefined);
    const card = await renderPage();
    expect(within(card).getByTestId('open-order').textContent).toContain('Pay by 14:35');
    expect(within(card).getByTestId('hold-expires').getAttribute('dateTime')).toBe(
      new Date(EXPIRES).toISOString(),
    );
    expect(within(card).getByRole('button', { name: 'Complete payment' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('a closed or paid order has neither button', async () => {
    server([[closed]], () => undefined);
    const card = await renderPage();
    expect(within(card).queryByTestId('open-order')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('Cancel asks first; "Keep order" changes nothing, "Yes, cancel order" cancels and reads the list again', async () => {
    const calls = server([[open], [closed]], (name) => {
      if (name === 'orders.cancel')
        return { success: true, message: 'Order cancelled', refundPaise: 0 };
      throw new Error(`unexpected call ${name}`);
    });
    const card = await renderPage();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const question = within(card).getByRole('group', { name: 'Cancel this order?' });
    expect(document.activeElement?.textContent).toBe('Yes, cancel order');
    fireEvent.click(within(question).getByRole('button', { name: 'Keep order' }));
    expect(sentTo(calls, 'orders.cancel')).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(within(card).getByRole('button', { name: 'Complete payment' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledExactlyOnceWith('Order cancelled'));
    expect(sentTo(calls, 'orders.cancel')).toEqual([{ body: { orderId: ID } }]);
    await waitFor(() => expect(screen.queryByTestId('open-order')).toBeNull());
    expect(sentTo(calls, 'orders.list')).toHaveLength(2);
  });

  it('Complete payment on an order that closed meanwhile: the server’s message, and the list read again', async () => {
    const message = 'This order can no longer be paid. Please place it again.';
    const calls = server([[open], [closed]], (name) => {
      if (name === 'orders.resume')
        throw new ApiError('http', message, { status: 409, serverMessage: message });
      throw new Error(`unexpected call ${name}`);
    });
    const card = await renderPage();
    fireEvent.click(within(card).getByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledExactlyOnceWith(message));
    expect(sentTo(calls, 'orders.resume')).toEqual([{ body: { orderId: ID } }]);
    await waitFor(() => expect(screen.queryByTestId('open-order')).toBeNull());
  });
});

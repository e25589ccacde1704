import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminOrder } from '@vastra/shared/schemas/admin';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeOrder } from '@/test-fixtures';
import { AdminOrdersPage } from './orders-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

/** A shopper's online order (the shared fixture) as the admin's list answers it. */
function order(id: string, over: Partial<AdminOrder>): AdminOrder {
  return {
    ...makeOrder({ _id: `${id}-aaaa-4bbb-8ccc-000000000001`, paymentMethod: 'razorpay' }),
    user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com' },
    paidAt: null,
    nextStatuses: [],
    canMarkPaid: false,
    paymentState: 'paid',
    holdState: null,
    ...over,
  };
}

const held = order('11111111', {
  openForPayment: true,
  holdState: 'held',
  holdExpiresAt: Date.UTC(2026, 10, 22, 6, 45), // 12:15 pm in India
});
const refund = order('22222222', {
  payment: true,
  status: 'Cancelled',
  paymentState: 'refund_due',
  holdState: 'released',
});
const released = order('33333333', { status: 'Cancelled', holdState: 'released' });

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<AdminOrdersPage>: view, refund due, holds', () => {
  it('marks refund due and the hold, and the Show filter asks for a view and keeps it in the address', async () => {
    const spy = answerCalls((_name, sent) => {
      const orders =
        sent.query?.view === 'refund-due'
          ? [refund]
          : sent.query?.view === 'closed-unpaid'
            ? [released]
            : [held, refund];
      return { success: true, orders, page: 1, pageSize: 20, total: orders.length };
    });
    render(
      <MemoryRouter initialEntries={['/admin/orders']}>
        <Routes>
          <Route
            path="/admin/orders"
            element={
              <>
                <AdminOrdersPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('admin-order')).toHaveLength(2));
    expect(sentTo(spy, 'admin.orderList')[0]!.query).toMatchObject({ view: 'active' });
    const [first, second] = screen.getAllByTestId('admin-order') as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('admin-order-hold').textContent).toBe(
      'Stock held until 12:15 pm',
    );
    expect(within(first).getByTestId('admin-order-payment').textContent).toBe('Paid · Razorpay');
    // The payment state is the shared one's words: refund due reads "Refund in progress".
    expect(within(second).getByTestId('admin-order-payment').textContent).toBe(
      'Refund in progress · Razorpay',
    );
    // Each order opens its own screen.
    expect(
      within(second)
        .getByRole('link', { name: /^Order #/ })
        .getAttribute('href'),
    ).toBe(`/admin/orders/${refund._id}`);
    // A paid order's released hold is its refund's story, not a second badge.
    expect(within(second).queryByTestId('admin-order-hold')).toBeNull();

    const show = screen.getByLabelText('Show') as HTMLSelectElement;
    expect(show.value).toBe('active');
    fireEvent.change(show, { target: { value: 'refund-due' } });
    await waitFor(() => expect(screen.getAllByTestId('admin-order')).toHaveLength(1));
    expect(screen.getByTestId('address').textContent).toBe('?view=refund-due');
    expect(sentTo(spy, 'admin.orderList').at(-1)!.query).toMatchObject({ view: 'refund-due' });

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'closed-unpaid' } });
    await waitFor(() =>
      expect(screen.getByTestId('admin-order-hold').textContent).toBe('Stock released'),
    );
  });
});

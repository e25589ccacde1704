import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminRefund } from '@vastra/shared/schemas/order-life';
import { answerCalls, sentTo } from '@/test/api-answers';
import { installDialogs } from '../admin-test-fixtures';
import { RefundsPage } from './refunds-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ORDER_ID = '5f0c6f1e-1111-4bbb-8ccc-000000000001';

function refund(id: string, over: Partial<AdminRefund>): AdminRefund {
  return {
    _id: `${id}-aaaa-4bbb-8ccc-000000000003`,
    orderId: ORDER_ID,
    orderNumber: 100124,
    user: { _id: 'u1', name: 'Kabir Shah', email: 'kabir@example.com' },
    amountPaise: 124_950,
    status: 'pending',
    method: 'razorpay',
    reason: 'cancelled',
    returnId: null,
    reference: null,
    upiId: null,
    createdAt: Date.UTC(2026, 10, 23, 6, 30),
    processedAt: null,
    attempts: 1,
    lastError: null,
    canRetry: false,
    canMarkPaidOut: false,
    ...over,
  };
}

const failed = refund('11111111', {
  status: 'failed',
  attempts: 3,
  lastError: 'The payment has been fully refunded already',
  canRetry: true,
});
const payout = refund('22222222', {
  method: 'upi_payout',
  reason: 'returned',
  upiId: 'kabir@okaxis',
  amountPaise: 64_900,
  attempts: 0,
  canMarkPaidOut: true,
});

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

function renderDesk() {
  render(
    <MemoryRouter initialEntries={['/admin/refunds']}>
      <Routes>
        <Route
          path="/admin/refunds"
          element={
            <>
              <RefundsPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(installDialogs);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<RefundsPage>', () => {
  it('shows amount, order, customer, method, reason, status, attempts and the last error; buttons as the server allows', async () => {
    const spy = answerCalls(() => ({ success: true, refunds: [failed, payout] }));
    renderDesk();
    const [first, second] = (await screen.findAllByTestId('admin-refund')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(sentTo(spy, 'refunds.adminList')[0]!.query).toEqual({ view: 'open' });
    expect(within(first).getByTestId('admin-refund-amount').textContent).toBe('₹1,249.50');
    expect(within(first).getByRole('link', { name: 'Order #100124' }).getAttribute('href')).toBe(
      `/admin/orders/${ORDER_ID}`,
    );
    expect(first.textContent).toContain('Kabir Shah (kabir@example.com)');
    expect(within(first).getByTestId('admin-refund-method').textContent).toMatch(/^Razorpay/);
    expect(first.textContent).toContain('Order cancelled');
    expect(within(first).getByTestId('admin-refund-status').textContent).toBe('Failed');
    expect(within(first).getByTestId('admin-refund-error').textContent).toBe(
      'The payment has been fully refunded already',
    );
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Retry refund']);

    expect(within(second).getByTestId('admin-refund-amount').textContent).toBe('₹649');
    expect(within(second).getByTestId('admin-refund-method').textContent).toBe(
      'UPI payout to kabir@okaxis',
    );
    expect(second.textContent).toContain('Items returned');
    expect(within(second).getByTestId('admin-refund-status').textContent).toBe('In progress');
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark paid out']);
  });

  it('Retry sends the failed refund again and shows the server’s answer', async () => {
    let current = failed;
    const spy = answerCalls((name) => {
      if (name === 'refunds.adminRetry') {
        current = { ...current, status: 'pending', attempts: 4, lastError: null, canRetry: false };
        return { success: true, message: 'Refund sent again', refund: current };
      }
      return { success: true, refunds: [current] };
    });
    renderDesk();
    const card = await screen.findByTestId('admin-refund');
    fireEvent.click(within(card).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() =>
      expect(within(card).getByTestId('admin-refund-status').textContent).toBe('In progress'),
    );
    expect(sentTo(spy, 'refunds.adminRetry')[0]!.params).toEqual({ id: failed._id });
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('Mark paid out asks for the UPI reference, checked before it is sent', async () => {
    let current = payout;
    const spy = answerCalls((name, sent) => {
      if (name === 'refunds.adminPaidOut') {
        const { reference } = sent.body as { reference: string };
        current = {
          ...current,
          status: 'processed',
          reference,
          processedAt: Date.UTC(2026, 10, 24, 6, 30),
          canMarkPaidOut: false,
        };
        return { success: true, message: 'Refund marked paid out', refund: current };
      }
      return { success: true, refunds: [current] };
    });
    renderDesk();
    const card = await screen.findByTestId('admin-refund');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark paid out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paid out ₹649?' });
    expect(dialog.textContent).toContain('kabir@okaxis');
    const field = within(dialog).getByLabelText('UPI transaction reference');
    fireEvent.change(field, { target: { value: 'x1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid out' }));
    await within(dialog).findByText('Please enter the UPI transaction reference');
    expect(sentTo(spy, 'refunds.adminPaidOut')).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' UTR412345678901 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid out' }));
    await waitFor(() =>
      expect(within(card).getByTestId('admin-refund-status').textContent).toBe('Refunded'),
    );
    expect(sentTo(spy, 'refunds.adminPaidOut')[0]).toMatchObject({
      params: { id: payout._id },
      body: { reference: 'UTR412345678901' },
    });
    expect(card.textContent).toContain('UTR412345678901');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Failed is a view in the address, and an empty one says so', async () => {
    const spy = answerCalls((_name, sent) => ({
      success: true,
      refunds: sent.query?.view === 'failed' ? [] : [payout],
    }));
    renderDesk();
    await screen.findByTestId('admin-refund');
    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await screen.findByText('No failed refunds');
    expect(screen.getByTestId('address').textContent).toBe('?view=failed');
    expect(sentTo(spy, 'refunds.adminList').at(-1)!.query).toEqual({ view: 'failed' });
  });
});

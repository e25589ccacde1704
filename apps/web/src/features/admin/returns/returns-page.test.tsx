import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminReturn } from '@vastra/shared/schemas/order-life';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { installDialogs } from '../admin-test-fixtures';
import { ReturnsPage } from './returns-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ORDER_ID = '5f0c6f1e-1111-4bbb-8ccc-000000000001';

function request(id: string, over: Partial<AdminReturn>): AdminReturn {
  return {
    _id: `${id}-aaaa-4bbb-8ccc-000000000002`,
    orderId: ORDER_ID,
    orderNumber: 100123,
    kind: 'refund',
    state: 'requested',
    reason: 'Size too small',
    comment: 'The chest is tight.',
    lines: [
      {
        productId: 'p1',
        name: 'Linen Shirt',
        image: null,
        size: 'M',
        quantity: 1,
        exchangeSize: null,
      },
    ],
    refundPaise: 124_950,
    upiId: null,
    adminNote: null,
    exchangeShipment: null,
    createdAt: Date.UTC(2026, 10, 23, 6, 30),
    updatedAt: Date.UTC(2026, 10, 23, 6, 30),
    user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com' },
    nextStates: ['approved', 'rejected'],
    ...over,
  };
}

const refundRequest = request('11111111', {});
const exchange = request('22222222', {
  kind: 'exchange',
  state: 'received',
  refundPaise: 0,
  reason: 'Size too large',
  comment: null,
  lines: [
    {
      productId: 'p2',
      name: 'Oxford Shirt',
      image: null,
      size: 'L',
      quantity: 2,
      exchangeSize: 'M',
    },
  ],
  nextStates: ['exchange_shipped'],
});

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

function renderDesk(path = '/admin/returns') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/admin/returns"
          element={
            <>
              <ReturnsPage />
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

describe('<ReturnsPage>', () => {
  it('shows each request: order link, customer, kind, lines with the exchange size, reason, refund, state', async () => {
    const spy = answerCalls(() => ({ success: true, returns: [refundRequest, exchange] }));
    renderDesk();
    const cards = await screen.findAllByTestId('admin-return');
    expect(sentTo(spy, 'returns.adminList')[0]!.query).toEqual({ view: 'open' });
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Order #100123' }).getAttribute('href')).toBe(
      `/admin/orders/${ORDER_ID}`,
    );
    expect(first.textContent).toContain('Return for refund');
    expect(first.textContent).toContain('Asha Rao (asha@example.com)');
    expect(first.textContent).toContain('Size too small');
    expect(first.textContent).toContain('“The chest is tight.”');
    expect(within(first).getByTestId('admin-return-refund').textContent).toBe('₹1,249.50');
    expect(within(first).getByTestId('admin-return-state').textContent).toBe('Requested');
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);

    expect(second.textContent).toContain('Exchange');
    expect(second.textContent).toMatch(/Oxford Shirt · Size L → M · × 2/);
    expect(within(second).queryByTestId('admin-return-refund')).toBeNull();
    expect(within(second).getByTestId('admin-return-state').textContent).toBe(
      'Received at our warehouse',
    );
    expect(within(second).getByRole('button').textContent).toBe('Ship exchange');
  });

  it('rejecting needs a reason: nothing is sent without one, then the note goes with the step', async () => {
    // The server's list follows the move: the desk reads it again after each step.
    let current = refundRequest;
    const spy = answerCalls((name, sent) => {
      if (name === 'returns.adminList') return { success: true, returns: [current] };
      const body = sent.body as { to: AdminReturn['state']; note?: string };
      current = { ...current, state: body.to, adminNote: body.note ?? null, nextStates: [] };
      return { success: true, message: 'Return rejected', return: current };
    });
    renderDesk();
    const card = await screen.findByTestId('admin-return');
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the request of order #100123?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('Please say why the request is rejected');
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(spy, 'returns.adminMove')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'The shirt was worn and washed.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(within(card).getByTestId('admin-return-state').textContent).toBe('Rejected'),
    );
    expect(sentTo(spy, 'returns.adminMove')[0]).toMatchObject({
      params: { id: refundRequest._id },
      body: { to: 'rejected', note: 'The shirt was worn and washed.' },
    });
    expect(card.textContent).toContain('The shirt was worn and washed.');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shipping an exchange asks for the courier and a valid tracking number', async () => {
    let current = exchange;
    const spy = answerCalls((name, sent) => {
      if (name === 'returns.adminList') return { success: true, returns: [current] };
      const { courier, trackingNumber } = sent.body as { courier: string; trackingNumber: string };
      current = {
        ...current,
        state: 'exchange_shipped',
        exchangeShipment: { courier, trackingNumber, shippedAt: Date.UTC(2026, 10, 24) },
        nextStates: ['exchange_delivered'],
      };
      return { success: true, message: 'Exchange shipped', return: current };
    });
    renderDesk();
    const card = await screen.findByTestId('admin-return');
    fireEvent.click(within(card).getByRole('button', { name: 'Ship exchange' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Ship the exchange of order #100123',
    });
    fireEvent.change(within(dialog).getByLabelText('Tracking number'), {
      target: { value: 'AB 12' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship exchange' }));
    await within(dialog).findByText('Please enter the courier');
    await within(dialog).findByText('A tracking number has only letters, digits and hyphens');
    expect(sentTo(spy, 'returns.adminMove')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Courier'), { target: { value: 'Delhivery' } });
    fireEvent.change(within(dialog).getByLabelText('Tracking number'), {
      target: { value: 'DLV-4471' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship exchange' }));
    await within(card).findByTestId('admin-return-shipment');
    expect(sentTo(spy, 'returns.adminMove')[0]!.body).toEqual({
      to: 'exchange_shipped',
      courier: 'Delhivery',
      trackingNumber: 'DLV-4471',
    });
    expect(within(card).getByTestId('admin-return-shipment').textContent).toBe(
      'Delhivery · DLV-4471',
    );
    expect(within(card).getByRole('button').textContent).toBe('Exchange delivered');
  });

  it('a refused step shows the server’s words in the dialog and reads the list again', async () => {
    const spy = answerCalls((name) => {
      if (name === 'returns.adminList') return { success: true, returns: [refundRequest] };
      throw new ApiError('http', 'This order was changed meanwhile.', {
        status: 409,
        serverMessage: 'This order was changed meanwhile. Please reload the page and try again.',
      });
    });
    renderDesk();
    const card = await screen.findByTestId('admin-return');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const refusal = await within(dialog).findByTestId('form-refusal');
    expect(refusal.textContent).toBe(
      'This order was changed meanwhile. Please reload the page and try again.',
    );
    // An approval's note is optional: a blank one is not sent.
    expect(sentTo(spy, 'returns.adminMove')[0]!.body).toEqual({ to: 'approved' });
    await waitFor(() => expect(sentTo(spy, 'returns.adminList')).toHaveLength(2));
  });

  it('Closed and All are views in the address; an empty view and a failed load say so', async () => {
    let fail = false;
    const spy = answerCalls((_name, sent) => {
      if (fail) throw new ApiError('http', 'Server error', { status: 500 });
      return { success: true, returns: sent.query?.view === 'closed' ? [] : [refundRequest] };
    });
    renderDesk();
    await screen.findByTestId('admin-return');
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await screen.findByText('No requests');
    expect(screen.getByTestId('address').textContent).toBe('?view=closed');
    expect(screen.getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(sentTo(spy, 'returns.adminList').at(-1)!.query).toEqual({ view: 'closed' });

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load the return requests',
    );
  });
});

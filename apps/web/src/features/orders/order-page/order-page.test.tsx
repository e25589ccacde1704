import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderDetail } from '@vastra/shared/schemas/order-life';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo, type ServerAnswer } from '@/test/api-answers';
import { makeOrderDetail, ORDER_DETAIL_ID } from '@/test-fixtures';
import { makeTaxDocuments } from '@/components/tax-documents/tax-document-fixtures';
import { OrderPage } from './order-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ID = ORDER_DETAIL_ID;

/** The server: `orders.detail` answers each of `details` in turn (the last one repeatedly). */
function server(details: (OrderDetail | ApiError)[], more: ServerAnswer = () => undefined) {
  const answers = [...details];
  return answerCalls((name, sent) => {
    if (name === 'orders.detail') {
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer instanceof ApiError) throw answer;
      return { success: true, order: answer };
    }
    const other = more(name, sent);
    if (other === undefined) throw new Error(`unexpected call ${name}`);
    return other;
  });
}

function renderAt(url = `/orders/${ID}`) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/orders/:id" element={<OrderPage />} />
        <Route path="/orders" element={<p>Orders page</p>} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const byTestId = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => setToken('t'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.restoreAllMocks();
});

describe('<OrderPage>', () => {
  it('a visitor goes to /login and nothing is asked', () => {
    clearToken();
    const call = server([makeOrderDetail()]);
    renderAt();
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('loads, then shows the order: number, date, items, address, money, payment, delivery window', async () => {
    const call = server([
      makeOrderDetail({ _id: ID, discount: 100, coupon: 'SAVE100', amount: 2547 }),
    ]);
    renderAt();
    expect(screen.getByRole('status', { name: 'Loading your order' })).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Order #100123' });
    expect(sentTo(call, 'orders.detail')[0]?.params).toEqual({ id: ID });
    expect(document.title).toContain('Order #100123');
    expect(byTestId('order-date')).toBe('22 Nov 2026');
    expect(byTestId('order-status')).toBe('Status: Packing');
    const item = screen.getByTestId('order-item');
    expect(within(item).getByRole('img', { name: 'Linen Shirt' })).toBeTruthy();
    expect(within(item).getByTestId('order-item-size').textContent).toBe('M');
    expect(within(item).getByTestId('order-item-quantity').textContent).toBe('2');
    expect(within(item).getByTestId('order-item-price').textContent).toBe('₹1,299');
    expect(byTestId('order-address')).toContain('12 MG Road');
    expect(byTestId('order-subtotal')).toBe('₹2,598');
    expect(byTestId('order-delivery-fee')).toBe('₹49');
    expect(byTestId('order-discount')).toBe('−₹100');
    expect(screen.getByText('Discount (SAVE100)')).toBeTruthy();
    expect(byTestId('order-total')).toBe('₹2,547');
    expect(byTestId('order-method')).toBe('Razorpay — card or UPI');
    expect(byTestId('order-payment-state')).toBe('Paid');
    expect(byTestId('order-paid-with')).toBe('UPI');
    // 25 Nov 12:00 UTC is a Wednesday in India too; 1 Dec a Tuesday.
    expect(byTestId('order-expected')).toBe('Wed, 25 Nov – Tue, 1 Dec');
    expect(screen.queryByTestId('order-placed')).toBeNull();
    expect(screen.queryByTestId('order-courier')).toBeNull();
    // Not delivered yet: nothing to review.
    expect(screen.queryByTestId('order-item-review')).toBeNull();
  });

  it('the timeline is newest first, in words, at India times', async () => {
    server([makeOrderDetail()]);
    renderAt();
    const timeline = await screen.findByTestId('order-timeline');
    const lines = within(timeline)
      .getAllByTestId('timeline-event')
      .map((li) => li.textContent);
    // 06:30 UTC is 12:00 in India.
    expect(lines).toEqual([
      'Being packed22 Nov 2026, 13:00',
      'Payment received22 Nov 2026, 12:01',
      'Order placed22 Nov 2026, 12:00',
    ]);
  });

  it('?placed=1: the confirmation on top — thank you, number, what was paid and how, the window', async () => {
    server([makeOrderDetail()]);
    renderAt(`/orders/${ID}?placed=1`);
    const panel = await screen.findByTestId('order-placed');
    expect(within(panel).getByRole('heading', { name: 'Thank you for your order' })).toBeTruthy();
    expect(within(panel).getByTestId('placed-number').textContent).toBe('#100123');
    expect(within(panel).getByTestId('placed-payment').textContent).toBe(
      'Paid ₹2,647 online by UPI.',
    );
    expect(within(panel).getByTestId('placed-delivery').textContent).toBe(
      'Expected delivery: Wed, 25 Nov – Tue, 1 Dec',
    );
  });

  it('?placed=1 for cash on delivery: "Pay ₹X on delivery"', async () => {
    server([
      makeOrderDetail({
        _id: ID,
        paymentMethod: 'cod',
        payment: false,
        paymentState: 'unpaid',
        paidWith: null,
        paidAt: null,
        status: 'Order Placed',
        actions: { cancel: true, cancelRefundPaise: 0, returnable: [] },
      }),
    ]);
    renderAt(`/orders/${ID}?placed=1`);
    expect((await screen.findByTestId('placed-payment')).textContent).toBe(
      'Pay ₹2,647 on delivery.',
    );
    expect(byTestId('order-payment-state')).toBe('Pending');
  });

  it('shipped: the courier and the tracking number', async () => {
    server([
      makeOrderDetail({
        _id: ID,
        status: 'Shipped',
        shipment: {
          courier: 'Delhivery',
          trackingNumber: 'DL-123456',
          shippedAt: Date.UTC(2026, 10, 23, 4),
        },
        actions: { cancel: false, cancelRefundPaise: 0, returnable: [] },
      }),
    ]);
    renderAt();
    expect((await screen.findByTestId('order-courier')).textContent).toBe('Delhivery');
    expect(byTestId('order-tracking')).toBe('DL-123456');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('refunds with amount, status and days; returns with their state', async () => {
    server([
      makeOrderDetail({
        _id: ID,
        status: 'Delivered',
        deliveredAt: Date.UTC(2026, 10, 26, 8),
        returnWindowEndsAt: Date.UTC(2099, 0, 1),
        paymentState: 'refund_due',
        refunds: [
          {
            _id: 'r1',
            amountPaise: 129_950,
            status: 'pending',
            method: 'razorpay',
            reason: 'returned',
            returnId: 'ret1',
            reference: null,
            upiId: null,
            createdAt: Date.UTC(2026, 10, 28),
            processedAt: null,
          },
        ],
        returns: [
          {
            _id: 'ret1',
            orderId: ID,
            kind: 'exchange',
            state: 'approved',
            reason: 'Size too small',
            comment: null,
            lines: [
              {
                productId: 'p1',
                name: 'Linen Shirt',
                image: null,
                size: 'M',
                quantity: 1,
                exchangeSize: 'L',
              },
            ],
            refundPaise: 0,
            upiId: null,
            adminNote: null,
            exchangeShipment: null,
            createdAt: Date.UTC(2026, 10, 27),
            updatedAt: Date.UTC(2026, 10, 27),
          },
        ],
        actions: {
          cancel: false,
          cancelRefundPaise: 0,
          returnable: [{ productId: 'p1', size: 'M', quantity: 1, exchangeSizes: ['L'] }],
        },
      }),
    ]);
    renderAt();
    const refund = await screen.findByTestId('order-refund');
    expect(within(refund).getByTestId('refund-amount').textContent).toBe('₹1,299.50');
    expect(within(refund).getByTestId('refund-status').textContent).toBe('In progress');
    expect(refund.textContent).toContain('5–7 business days');
    expect(byTestId('order-payment-state')).toBe('Refund in progress');
    const request = screen.getByTestId('order-return');
    expect(within(request).getByTestId('return-state').textContent).toBe(
      'Approved: pickup to be scheduled',
    );
    expect(request.textContent).toContain('1 × Linen Shirt, size M → size L');
    expect(byTestId('order-delivered-at')).toBe('26 Nov 2026, 13:30');
    // Delivered: the line leads to its product's review form (docs/decisions/136).
    const review = within(screen.getByTestId('order-item')).getByRole('link', {
      name: 'Rate & review',
    });
    expect(review.getAttribute('href')).toMatch(/^\/product\/[^/?]+\?review=1$/);
    expect(byTestId('order-return-window')).toContain('open until 1 Jan 2099');
  });

  it('tax documents: the invoice and its credit note, each with its download', async () => {
    const documents = makeTaxDocuments(ID);
    server([makeOrderDetail({ _id: ID, paymentState: 'partially_refunded', documents })]);
    renderAt();
    const section = await screen.findByTestId('order-documents');
    expect(within(section).getByRole('heading', { name: 'Tax documents' })).toBeTruthy();
    const rows = within(section).getAllByTestId('tax-document');
    expect(rows.map((row) => within(row).getByTestId('tax-document-number').textContent)).toEqual([
      'VS/26-27/000123',
      'CN/26-27/000004',
    ]);
    expect(rows[1]!.textContent).toContain('Against VS/26-27/000123 · 25 Nov 2026 · ₹1,299.50');
    expect(
      within(section).getByRole('button', { name: 'Download PDF of Tax invoice VS/26-27/000123' }),
    ).toBeTruthy();
    expect(within(section).queryByTestId('invoice-pending')).toBeNull();
  });

  it.each([
    [
      'online, unpaid',
      {
        paymentMethod: 'razorpay',
        payment: false,
        paymentState: 'unpaid',
        paidWith: null,
        paidAt: null,
      },
      'Your tax invoice will be available once the order is paid.',
    ],
    [
      'cash on delivery, shipped',
      {
        paymentMethod: 'cod',
        payment: false,
        paymentState: 'unpaid',
        paidWith: null,
        paidAt: null,
        status: 'Shipped',
      },
      'Your tax invoice will be available once the order is delivered.',
    ],
  ] as const)('no invoice yet (%s): when it will come', async (_, over, words) => {
    server([makeOrderDetail({ _id: ID, ...over })]);
    renderAt();
    const section = await screen.findByTestId('order-documents');
    expect(within(section).getByTestId('invoice-pending').textContent).toBe(words);
    expect(within(section).queryByTestId('tax-document')).toBeNull();
  });

  it('a cancelled order that was never invoiced promises no invoice', async () => {
    server([
      makeOrderDetail({
        _id: ID,
        status: 'Cancelled',
        paymentMethod: 'cod',
        payment: false,
        paymentState: 'unpaid',
        paidWith: null,
        paidAt: null,
        actions: { cancel: false, cancelRefundPaise: 0, returnable: [] },
      }),
    ]);
    renderAt();
    await screen.findByRole('heading', { level: 1, name: 'Order #100123' });
    expect(screen.queryByTestId('order-documents')).toBeNull();
    expect(screen.queryByText(/tax invoice/i)).toBeNull();
  });

  it('an order that is not the shopper’s (404): "We could not find this order" and the way back', async () => {
    server([
      new ApiError('http', 'We could not find this order', {
        status: 404,
        serverMessage: 'We could not find this order',
      }),
    ]);
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'We could not find this order' }),
    ).toBeTruthy();
    fireEvent.click(within(alert).getByRole('link', { name: 'MY ORDERS' }));
    expect(screen.getByText('Orders page')).toBeTruthy();
  });

  it('a failed load says why and offers a retry', async () => {
    const offline = () => new ApiError('network', TRANSPORT_MESSAGES.noResponse);
    const call = server([offline(), offline(), offline(), makeOrderDetail()]);
    renderAt();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('We could not load this order.');
    expect(alert.textContent).toContain(TRANSPORT_MESSAGES.noResponse);
    fireEvent.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Order #100123' });
    expect(sentTo(call, 'orders.detail')).toHaveLength(4);
  });

  describe('Cancel order', () => {
    const cancelled = makeOrderDetail({
      _id: ID,
      status: 'Cancelled',
      cancelReason: 'Ordered by mistake',
      paymentState: 'refund_due',
      actions: { cancel: false, cancelRefundPaise: 0, returnable: [] },
    });

    it('a labelled dialog with the reason and the refund; Escape closes it and the focus goes back', async () => {
      server([makeOrderDetail()]);
      renderAt();
      const open = await screen.findByRole('button', { name: 'Cancel order' });
      open.focus();
      fireEvent.click(open);
      const dialog = screen.getByRole('dialog', { name: 'Cancel order #100123?' });
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      const reason = within(dialog).getByLabelText('Why are you cancelling?');
      expect(document.activeElement).toBe(reason);
      expect(within(dialog).getByTestId('cancel-refund').textContent).toBe(
        '₹2,647 will be refunded to your original payment method within 5–7 business days.',
      );
      // Tab from the last control wraps to the first.
      const buttons = within(dialog).getAllByRole('button');
      buttons.at(-1)!.focus();
      fireEvent.keyDown(document, { key: 'Tab' });
      expect(dialog.contains(document.activeElement)).toBe(true);
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(open);
    });

    it('asks for a reason, sends it, then shows the server’s message and the reloaded order', async () => {
      const call = server([makeOrderDetail(), cancelled], (name) =>
        name === 'orders.cancel'
          ? {
              success: true,
              message:
                'Your order has been cancelled. A refund of ₹2,647 is on its way to your original payment method.',
              refundPaise: 264_700,
            }
          : undefined,
      );
      renderAt();
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
      const dialog = screen.getByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
      expect(within(dialog).getByText('Please choose a reason for cancelling')).toBeTruthy();
      expect(sentTo(call, 'orders.cancel')).toEqual([]);

      fireEvent.change(within(dialog).getByLabelText('Why are you cancelling?'), {
        target: { value: 'Ordered by mistake' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sentTo(call, 'orders.cancel').map((s) => s.body)).toEqual([
        { orderId: ID, reason: 'Ordered by mistake' },
      ]);
      expect(byTestId('order-message')).toContain('Your order has been cancelled.');
      await waitFor(() => expect(byTestId('order-status')).toBe('Status: Cancelled'));
      expect(byTestId('order-cancel-reason')).toBe('Cancelled: Ordered by mistake');
      expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
      expect(sentTo(call, 'orders.detail')).toHaveLength(2);
    });

    it('a refusal stays in the dialog in the server’s words', async () => {
      server([makeOrderDetail()], (name) => {
        if (name !== 'orders.cancel') return undefined;
        throw new ApiError('http', 'refused', {
          status: 409,
          serverMessage:
            'This order has already been shipped and cannot be cancelled. You can return it after delivery.',
        });
      });
      renderAt();
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
      const dialog = screen.getByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Why are you cancelling?'), {
        target: { value: 'Changed my mind' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'This order has already been shipped and cannot be cancelled. You can return it after delivery.',
      );
    });
  });
});

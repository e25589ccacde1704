import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminOrder } from '@vastra/shared/schemas/admin';
import type { AdminOrderDetail } from '@vastra/shared/schemas/order-life';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { clearToken, setToken } from '@/lib/session';
import { makeOrder } from '@/test-fixtures';
import { makeTaxDocuments } from '@/components/tax-documents/tax-document-fixtures';
import { installDialogs } from '../admin-test-fixtures';
import { AdminOrderPage } from './order-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ID = '7a1b2c3d-aaaa-4bbb-8ccc-000000000001';
const PLACED = Date.UTC(2026, 10, 22, 6, 30);

/** A paid online order at Packing, as GET /api/admin/orders/:id answers it. */
function detail(over: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    ...makeOrder({ _id: ID, paymentMethod: 'razorpay', payment: true, status: 'Packing' }),
    orderNumber: 100123,
    paymentState: 'partially_refunded',
    paidWith: 'upi',
    paidAt: PLACED + 60_000,
    shipment: null,
    deliveredAt: null,
    expectedDelivery: null,
    cancelReason: null,
    returnWindowEndsAt: null,
    timeline: [
      {
        at: PLACED,
        by: 'shopper',
        kind: 'status',
        from: null,
        to: 'Order Placed',
        note: null,
        actorLabel: null,
      },
      {
        at: PLACED + 60_000,
        by: 'system',
        kind: 'payment',
        from: 'unpaid',
        to: 'paid',
        note: null,
        actorLabel: null,
      },
      {
        at: PLACED + 3_600_000,
        by: 'admin',
        kind: 'status',
        from: 'Order Placed',
        to: 'Packing',
        note: null,
        actorLabel: 'owner@vastra.example.com',
      },
      {
        at: PLACED + 7_200_000,
        by: 'system',
        kind: 'refund',
        from: null,
        to: 'processed',
        note: '64950',
        actorLabel: null,
      },
    ],
    refunds: [
      {
        _id: 'r1',
        amountPaise: 64_950,
        status: 'processed',
        method: 'razorpay',
        reason: 'unfulfillable',
        returnId: null,
        reference: 'rfnd_123',
        upiId: null,
        createdAt: PLACED + 7_000_000,
        processedAt: PLACED + 7_200_000,
      },
    ],
    returns: [],
    documents: [],
    actions: { cancel: true, cancelRefundPaise: 264_700, returnable: [] },
    user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com' },
    nextStatuses: ['Shipped', 'Cancelled'],
    canMarkPaid: false,
    holdState: 'taken',
    ...over,
  };
}

/** The status call's answer: the list's shape of the same order. */
function listShape(order: AdminOrderDetail): AdminOrder {
  const { user, paidAt, nextStatuses, canMarkPaid, paymentState, holdState } = order;
  return {
    ...makeOrder({ ...order }),
    user,
    paidAt,
    nextStatuses,
    canMarkPaid,
    paymentState,
    holdState,
  };
}

function renderScreen(id = ID) {
  render(
    <MemoryRouter initialEntries={[`/admin/orders/${id}`]}>
      <Routes>
        <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(installDialogs);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<AdminOrderPage>', () => {
  it('shows the customer, money, history with who did what, refunds, and the next steps', async () => {
    const spy = answerCalls(() => ({ success: true, order: detail() }));
    renderScreen();
    await screen.findByRole('heading', { name: 'Order #100123', level: 1 });
    expect(sentTo(spy, 'admin.orderGet')[0]!.params).toEqual({ id: ID });
    expect(screen.getByTestId('admin-order-customer').textContent).toContain('asha@example.com');
    expect(screen.getByTestId('admin-order-payment').textContent).toBe(
      'Partially refunded · Razorpay',
    );
    const money = screen.getByTestId('admin-order-money').textContent;
    expect(money).toContain('Paid withupi');
    expect(money).toContain('StockTaken');
    expect(screen.getByTestId('admin-order-total').textContent).toContain('₹2,647');
    const history = within(screen.getByTestId('admin-order-timeline'))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/^.*?(am|pm)/, ''));
    expect(history).toEqual([
      'Order Placed · Shopper',
      'Payment: Paid · Shop (automatic)',
      'Order Placed → Packing · owner@vastra.example.com',
      'Refund of ₹649.50: Refunded · Shop (automatic)',
    ]);
    expect(screen.getByTestId('admin-order-refunds').textContent).toContain(
      '₹649.50 · Paid after the order closed',
    );
    expect(screen.getByText('Not shipped yet.')).toBeTruthy();
    const steps = within(screen.getByRole('region', { name: 'Status and next steps' }));
    expect(steps.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Mark shipped',
      'Cancel order',
    ]);
  });

  it('Mark shipped asks for both courier and tracking number, then sends them with the step', async () => {
    let current = detail();
    const spy = answerCalls((name, sent) => {
      if (name === 'admin.orderStatus') {
        const body = sent.body as { courier: string; trackingNumber: string };
        current = {
          ...current,
          status: 'Shipped',
          nextStatuses: ['Out for delivery'],
          shipment: {
            courier: body.courier,
            trackingNumber: body.trackingNumber,
            shippedAt: PLACED,
          },
        };
        return { success: true, message: 'Order moved to Shipped', order: listShape(current) };
      }
      return { success: true, order: current };
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #100123' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await within(dialog).findByText('Please enter the courier');
    expect(within(dialog).getByText('Please enter the tracking number')).toBeTruthy();
    expect(sentTo(spy, 'admin.orderStatus')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Courier'), { target: { value: 'Blue Dart' } });
    fireEvent.change(within(dialog).getByLabelText('Tracking number'), {
      target: { value: 'BD-2026-77' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(screen.getByTestId('admin-order-status').textContent).toBe('Shipped'),
    );
    expect(sentTo(spy, 'admin.orderStatus')[0]).toMatchObject({
      params: { id: ID },
      body: { status: 'Shipped', courier: 'Blue Dart', trackingNumber: 'BD-2026-77' },
    });
    const shipment = screen.getByTestId('admin-order-shipment').textContent;
    expect(shipment).toContain('CourierBlue Dart');
    expect(shipment).toContain('Tracking numberBD-2026-77');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelling needs a reason, sent as the note', async () => {
    let current = detail();
    const spy = answerCalls((name, sent) => {
      if (name === 'admin.orderStatus') {
        const { note } = sent.body as { note: string };
        current = { ...current, status: 'Cancelled', nextStatuses: [], cancelReason: note };
        return { success: true, message: 'Order cancelled', order: listShape(current) };
      }
      return { success: true, order: current };
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #100123?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await within(dialog).findByText('Please give the reason for cancelling');
    expect(sentTo(spy, 'admin.orderStatus')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Damaged in the warehouse' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await screen.findByText('No step is left for this order.');
    expect(sentTo(spy, 'admin.orderStatus')[0]!.body).toEqual({
      status: 'Cancelled',
      note: 'Damaged in the warehouse',
    });
    expect(screen.getByTestId('admin-order-shipment').textContent).toContain(
      'Cancel reasonDamaged in the warehouse',
    );
  });

  it('Mark cash received asks first, then marks the order paid', async () => {
    let current = detail({
      paymentMethod: 'cod',
      payment: false,
      paymentState: 'unpaid',
      paidWith: null,
      paidAt: null,
      status: 'Delivered',
      nextStatuses: [],
      canMarkPaid: true,
      refunds: [],
    });
    const spy = answerCalls((name) => {
      if (name === 'admin.orderPaid') {
        current = { ...current, payment: true, paymentState: 'paid', canMarkPaid: false };
        return { success: true, message: 'Order marked paid', order: listShape(current) };
      }
      return { success: true, order: current };
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark cash received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark order #100123 paid?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(screen.getByTestId('admin-order-payment').textContent).toBe('Paid · Cash on delivery'),
    );
    expect(sentTo(spy, 'admin.orderPaid')).toHaveLength(1);
  });

  it('tax documents: downloaded from the admin’s URLs with the admin’s token; none yet says when', async () => {
    const documents = makeTaxDocuments(ID, 'admin');
    answerCalls(() => ({ success: true, order: detail({ documents }) }));
    const asked: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new Request(input, init));
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    });
    URL.createObjectURL = () => 'blob:test/1';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    setToken('admin-t0k3n');
    try {
      renderScreen();
      const panel = await screen.findByRole('region', { name: 'Tax documents' });
      expect(
        within(panel)
          .getAllByTestId('tax-document-number')
          .map((n) => n.textContent),
      ).toEqual(['VS/26-27/000123', 'CN/26-27/000004']);
      fireEvent.click(
        within(panel).getByRole('button', { name: 'Download PDF of Credit note CN/26-27/000004' }),
      );
      await waitFor(() => expect(saved).toEqual(['CN-26-27-000004.pdf']));
      expect(new URL(asked[0]!.url).pathname).toBe(`/api/admin/documents/${documents[1]._id}`);
      expect(asked[0]!.headers.get('token')).toBe('admin-t0k3n');
    } finally {
      clearToken();
      vi.unstubAllGlobals();
    }

    cleanup();
    answerCalls(() => ({
      success: true,
      order: detail({ paymentMethod: 'cod', payment: false, paymentState: 'unpaid' }),
    }));
    renderScreen();
    expect((await screen.findByTestId('invoice-pending')).textContent).toBe(
      'No tax invoice yet: it is issued when the order is delivered.',
    );
  });

  it('an unknown order says so; a failed load offers a retry', async () => {
    let status = 404;
    answerCalls(() => {
      throw new ApiError('http', 'We could not find this order', { status });
    });
    renderScreen();
    await screen.findByText('We could not find this order');
    expect(screen.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe(
      '/admin/orders',
    );
    cleanup();
    status = 500;
    renderScreen('8a1b2c3d-aaaa-4bbb-8ccc-000000000001');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the order');
  });
});

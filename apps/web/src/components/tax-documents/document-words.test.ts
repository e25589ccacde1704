import { describe, expect, it } from 'vitest';
import { invoiceDue, type InvoiceDueOrder } from './document-words';
import { makeTaxDocuments } from './tax-document-fixtures';

const [invoice, creditNote] = makeTaxDocuments('0b9f3c1e-1d2a-4c3b-9e8f-123456789abc');

const order = (over: Partial<InvoiceDueOrder>): InvoiceDueOrder => ({
  status: 'Order Placed',
  paymentMethod: 'razorpay',
  paymentState: 'unpaid',
  deliveredAt: null,
  documents: [],
  ...over,
});

describe('invoiceDue', () => {
  it.each<[string, Partial<InvoiceDueOrder>, ReturnType<typeof invoiceDue>]>([
    ['online, unpaid: its payment', {}, 'paid'],
    ['online, paid, invoiced', { paymentState: 'paid', documents: [invoice] }, null],
    [
      'online, invoiced and refunded',
      { paymentState: 'refunded', documents: [invoice, creditNote] },
      null,
    ],
    // Paid before invoices existed: none will come, so none is promised.
    ['online, paid, no invoice', { paymentState: 'paid', status: 'Packing' }, null],
    ['online, money owed back', { paymentState: 'refund_due', status: 'Cancelled' }, null],
    ['online, payment failed', { paymentState: 'failed', status: 'Payment Failed' }, null],
    ['cash on delivery, placed: its delivery', { paymentMethod: 'cod' }, 'delivered'],
    ['cash on delivery, shipped', { paymentMethod: 'cod', status: 'Shipped' }, 'delivered'],
    [
      'cash on delivery, delivered and invoiced',
      { paymentMethod: 'cod', status: 'Delivered', deliveredAt: 1, documents: [invoice] },
      null,
    ],
    [
      'cash on delivery, delivered before invoices',
      { paymentMethod: 'cod', status: 'Delivered', deliveredAt: 1 },
      null,
    ],
    ['cash on delivery, cancelled', { paymentMethod: 'cod', status: 'Cancelled' }, null],
  ])('%s', (_, over, due) => {
    expect(invoiceDue(order(over))).toBe(due);
  });
});

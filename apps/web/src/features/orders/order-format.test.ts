import { describe, expect, it } from 'vitest';
import { displayStatus, formatOrderDate, orderReference, statusTone } from './order-format';

describe('formatOrderDate', () => {
  it('reads as an Indian date, on the day it is in India', () => {
    expect(formatOrderDate(Date.UTC(2026, 10, 22, 6, 30))).toBe('22 Nov 2026');
    // 20:00 UTC is already the next day in India (UTC+5:30).
    expect(formatOrderDate(Date.UTC(2026, 10, 22, 20, 0))).toBe('23 Nov 2026');
  });
});

describe('orderReference', () => {
  it('is the first block of the id, upper-cased', () => {
    expect(orderReference('0b9f3c1e-1d2a-4c3b-9e8f-123456789abc')).toBe('0B9F3C1E');
  });
});

describe('statusTone', () => {
  it('colours the statuses it knows, whatever their case, and any other neutrally', () => {
    expect(statusTone('Order Placed')).toBe('placed');
    expect(statusTone('out for delivery')).toBe('progress');
    expect(statusTone('Delivered')).toBe('done');
    expect(statusTone('Payment Failed')).toBe('problem');
    expect(statusTone('Returned to sender')).toBe('other');
  });
});

describe('displayStatus', () => {
  it('says an unpaid online order awaits payment; everything else is the server status', () => {
    const order = { status: 'Order Placed', payment: false, paymentMethod: 'razorpay' };
    expect(displayStatus(order)).toBe('Awaiting payment');
    expect(displayStatus({ ...order, payment: true })).toBe('Order Placed');
    expect(displayStatus({ ...order, paymentMethod: 'cod' })).toBe('Order Placed');
    expect(displayStatus({ ...order, status: 'Payment Failed' })).toBe('Payment Failed');
  });
});

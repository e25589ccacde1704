import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@vastra/shared/schemas/order-life';
import { eventDetail, eventWords, formatDateTime, formatWindow } from './order-life-text';

const event = (over: Partial<OrderEvent>): OrderEvent => ({
  at: 0,
  by: 'system',
  kind: 'status',
  from: null,
  to: 'Order Placed',
  note: null,
  ...over,
});

describe('the order page’s words', () => {
  it('says each step of each machine in words', () => {
    expect(eventWords(event({ to: 'Packing' }))).toBe('Being packed');
    expect(eventWords(event({ kind: 'payment', to: 'refund_due' }))).toBe('Refund started');
    expect(eventWords(event({ kind: 'return', to: 'picked_up' }))).toBe('Items picked up from you');
    expect(eventWords(event({ kind: 'refund', to: 'pending', note: '₹1,299.50' }))).toBe(
      'Refund of ₹1,299.50 on its way',
    );
    expect(eventWords(event({ kind: 'refund', to: 'processed', note: '129950' }))).toBe(
      'Refund of ₹1,299.50 completed',
    );
    expect(eventWords(event({ kind: 'refund', to: 'failed', note: null }))).toBe(
      'Refund delayed: we are retrying',
    );
    // A status this page does not know yet still shows, as it is.
    expect(eventWords(event({ to: 'Lost in transit' }))).toBe('Lost in transit');
  });

  it('shows a cancellation’s reason, not other admin notes', () => {
    expect(eventDetail(event({ to: 'Cancelled', note: 'Ordered by mistake' }))).toBe(
      'Reason: Ordered by mistake',
    );
    expect(eventDetail(event({ to: 'Packing', note: 'fragile, double box' }))).toBeNull();
  });

  it('gives times and windows in India, whatever the device’s zone', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 20, 45))).toBe('23 Nov 2026, 02:15');
    expect(formatWindow({ from: Date.UTC(2026, 10, 25, 20), to: Date.UTC(2026, 11, 1, 6) })).toBe(
      'Thu, 26 Nov – Tue, 1 Dec',
    );
    const day = Date.UTC(2026, 10, 25, 6);
    expect(formatWindow({ from: day, to: day })).toBe('Wed, 25 Nov');
  });
});

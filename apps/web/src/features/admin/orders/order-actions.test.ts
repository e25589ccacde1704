import { describe, expect, it } from 'vitest';
import {
  COD_PAYABLE_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_STEPS,
  checkStatusChange,
  type OrderStatus,
  type PaymentMethod,
} from '@vastra/shared/schemas/order';
import { orderActions } from './order-actions';

/** What the API answers for an order (admin-orders.service toAdminOrder), from the shared rule. */
function asServerSends(status: OrderStatus, paymentMethod: PaymentMethod, payment: boolean) {
  const order = { status, paymentMethod, payment };
  return {
    nextStatuses: ORDER_STATUS_STEPS[status].filter((to) => checkStatusChange(order, to).ok),
    canMarkPaid: paymentMethod === 'cod' && !payment && COD_PAYABLE_STATUSES.includes(status),
  };
}

const labels = (status: OrderStatus, method: PaymentMethod, paid: boolean) =>
  orderActions(asServerSends(status, method, paid)).map((a) => a.label);

describe('the buttons an order offers', () => {
  it.each<[OrderStatus, PaymentMethod, boolean, string[]]>([
    ['Order Placed', 'cod', false, ['Start packing', 'Cancel order']],
    ['Order Placed', 'razorpay', true, ['Start packing', 'Cancel order']],
    // An unpaid online order is not packed; it can still be cancelled.
    ['Order Placed', 'razorpay', false, ['Cancel order']],
    ['Packing', 'cod', false, ['Mark shipped', 'Cancel order']],
    ['Shipped', 'cod', false, ['Out for delivery']],
    ['Out for delivery', 'cod', false, ['Mark delivered', 'Mark cash received']],
    ['Out for delivery', 'razorpay', true, ['Mark delivered']],
    ['Delivered', 'cod', false, ['Mark cash received']],
    ['Delivered', 'cod', true, []],
    ['Delivered', 'razorpay', true, []],
    ['Cancelled', 'cod', false, []],
    ['Payment Failed', 'razorpay', false, []],
  ])('%s, %s, paid %s → %j', (status, method, paid, expected) => {
    expect(labels(status, method, paid)).toEqual(expected);
  });

  it('covers every status', () => {
    for (const status of ORDER_STATUSES) expect(() => labels(status, 'cod', false)).not.toThrow();
  });

  it('asks for the shipment before Shipped, a reason before cancelling, a yes before the cash', () => {
    const placed = orderActions(asServerSends('Order Placed', 'cod', false));
    expect(placed.map((a) => [a.label, a.ask, a.danger])).toEqual([
      ['Start packing', 'nothing', false],
      ['Cancel order', 'reason', true],
    ]);
    const packing = orderActions(asServerSends('Packing', 'cod', false));
    expect(packing[0]).toMatchObject({ kind: 'status', to: 'Shipped', ask: 'shipment' });
    const paid = orderActions(asServerSends('Delivered', 'cod', false))[0];
    expect(paid).toMatchObject({ kind: 'paid', ask: 'confirm' });
  });

  it('moves to the status the button names', () => {
    const [forward] = orderActions(asServerSends('Shipped', 'cod', false));
    expect(forward).toMatchObject({ kind: 'status', to: 'Out for delivery' });
  });
});

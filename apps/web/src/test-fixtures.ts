import type { OrderSummary } from '@vastra/shared/schemas/order';
import type { OrderDetail } from '@vastra/shared/schemas/order-life';
import type { Product } from '@vastra/shared/schemas/product';

/** Small products for component tests (newest first, as the store keeps them). */
export function makeProduct(over: Partial<Product> & Pick<Product, '_id' | 'name'>): Product {
  return {
    description: `${over.name} description.`,
    price: 999,
    mrp: null,
    image: [`/uploads/products/${over._id}-1.webp`, `/uploads/products/${over._id}-2.webp`],
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    sizes: ['S', 'M', 'L'],
    date: 1,
    stock: Object.fromEntries((over.sizes ?? ['S', 'M', 'L']).map((size) => [size, 10])),
    ...over,
  };
}

const orderAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

/** An order as the shopper's list answers it: cash on delivery, placed, 2 × Linen Shirt (M). */
export function makeOrder(over: Partial<OrderSummary> & Pick<OrderSummary, '_id'>): OrderSummary {
  return {
    orderNumber: 100001,
    items: [
      {
        _id: 'p1',
        name: 'Linen Shirt',
        image: ['/uploads/products/p1-1.webp'],
        price: 1299,
        category: 'SHIRTS',
        subCategory: 'SNITCH',
        size: 'M',
        quantity: 2,
      },
    ],
    address: orderAddress,
    amount: 2647,
    subtotal: 2598,
    deliveryFee: 49,
    discount: 0,
    coupon: null,
    paymentMethod: 'cod',
    payment: false,
    paymentState: 'unpaid',
    status: 'Order Placed',
    date: Date.UTC(2026, 10, 22, 6, 30),
    openForPayment: false,
    holdExpiresAt: null,
    ...over,
  };
}

/**
 * One order as its page reads it (`GET /api/order/:id`): by default the list's order, paid
 * online, Packing, cancellable with everything back.
 */
export function makeOrderDetail(
  over: Partial<OrderDetail> & Pick<OrderDetail, '_id'> = { _id: ORDER_DETAIL_ID },
): OrderDetail {
  const base = makeOrder({ _id: over._id, paymentMethod: 'razorpay', payment: true });
  return {
    ...base,
    status: 'Packing',
    orderNumber: 100123,
    paymentState: 'paid',
    paidWith: 'upi',
    paidAt: base.date + 60_000,
    shipment: null,
    deliveredAt: null,
    expectedDelivery: { from: Date.UTC(2026, 10, 25, 12), to: Date.UTC(2026, 11, 1, 12) },
    cancelReason: null,
    returnWindowEndsAt: null,
    timeline: [
      { at: base.date, by: 'shopper', kind: 'status', from: null, to: 'Order Placed', note: null },
      {
        at: base.date + 60_000,
        by: 'system',
        kind: 'payment',
        from: 'unpaid',
        to: 'paid',
        note: null,
      },
      {
        at: base.date + 3_600_000,
        by: 'admin',
        kind: 'status',
        from: 'Order Placed',
        to: 'Packing',
        note: null,
      },
    ],
    refunds: [],
    returns: [],
    documents: [],
    actions: { cancel: true, cancelRefundPaise: base.amount * 100, returnable: [] },
    ...over,
  };
}

export const ORDER_DETAIL_ID = '0b9f3c1e-1d2a-4c3b-9e8f-123456789abc';

import type { OrderSummary } from '@vastra/shared/schemas/order';
import type { Product } from '@vastra/shared/schemas/product';

/** Small products for component tests (newest first, as the store keeps them). */
export function makeProduct(over: Partial<Product> & Pick<Product, '_id' | 'name'>): Product {
  return {
    description: `${over.name} description.`,
    price: 999,
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

import { PlaceOrderPage } from '@/features/orders/checkout/place-order-page';
import { OrderPage } from '@/features/orders/order-page/order-page';
import { OrdersPage } from '@/features/orders/orders-page';
import { VerifyPage } from '@/features/orders/verify-page';

// Checkout, the orders list, one order's page and the payment return: one lazily loaded chunk.
export function PlaceOrderRoute() {
  return <PlaceOrderPage />;
}
export function OrdersRoute() {
  return <OrdersPage />;
}
export function VerifyRoute() {
  return <VerifyPage />;
}
export function OrderRoute() {
  return <OrderPage />;
}

import { CartPage } from '@/features/cart/cart-page';

export function CartRoute() {
  return <CartPage />;
}

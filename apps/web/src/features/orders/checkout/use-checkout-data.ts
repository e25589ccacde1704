import { useEffect, useMemo, useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '@vastra/shared/schemas/order';
import { cartStore, loadCart } from '@/lib/cart/cart';
import { cartLines, type CartLine } from '@/lib/cart/cart-lines';
import { useStore } from '@/lib/create-store';
import { getMe } from '@/lib/me';
import { loadProducts, useProducts, type ProductsState } from '@/lib/products-store';
import { getPaymentOptions } from '../api/order-calls';

export interface CheckoutData {
  lines: CartLine[];
  cart: 'loading' | 'ready' | 'error';
  products: ProductsState;
  /** The payment methods the shop takes; both until the server has said. */
  methods: readonly PaymentMethod[];
  /** Reads the cart and the catalogue again (after an error, or when prices changed). */
  reload: () => void;
}

/**
 * What the checkout shows, read fresh when it opens: the server's cart, the catalogue's current
 * prices, the payment methods on offer. `onAccount` receives the shopper's name and e-mail once,
 * to prefill the delivery form.
 */
export function useCheckoutData(
  onAccount: (user: { name: string; email: string }) => void,
): CheckoutData {
  const cart = useStore(cartStore);
  const products = useProducts();
  const [cartState, setCartState] = useState<CheckoutData['cart']>('loading');
  const [methods, setMethods] = useState<readonly PaymentMethod[]>(PAYMENT_METHODS);

  const reload = () => {
    void loadProducts({ force: true });
    void loadCart().then((ok) => setCartState(ok ? 'ready' : 'error'));
  };

  useEffect(() => {
    const controller = new AbortController();
    reload();
    getMe(controller.signal).then(
      ({ user }) => onAccount(user),
      () => undefined, // Prefilling is a convenience; the shopper types the details instead.
    );
    getPaymentOptions(controller.signal).then(
      ({ paymentMethods }) => setMethods(paymentMethods),
      () => undefined, // Both stay offered; the server refuses a method it does not take.
    );
    return () => controller.abort();
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lines = useMemo(() => cartLines(cart, products.products), [cart, products.products]);
  return { lines, cart: cartState, products, methods, reload };
}

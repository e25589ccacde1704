import { useEffect, useMemo, useRef } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '@vastra/shared/schemas/order';
import type { PublicUser } from '@vastra/shared/schemas/user';
import { cartStore, heldStore } from '@/lib/cart/cart';
import { cartLines, type CartLine } from '@/lib/cart/cart-lines';
import { useStore } from '@/lib/create-store';
import { ME_KEY, getMe } from '@/lib/me';
import { useQuery } from '@/lib/query';
import { useCartProducts, type CartProductsState } from '@/lib/use-cart-products';
import { useServerCart, type ServerCartStatus } from '@/lib/use-server-cart';
import { getPaymentOptions } from '../api/order-calls';

export interface CheckoutData {
  lines: CartLine[];
  cart: ServerCartStatus;
  products: CartProductsState;
  /** The payment methods the shop takes; both until the server has said. */
  methods: readonly PaymentMethod[];
  /** Reads the cart and its products again (after an error, or when prices changed). */
  reload: () => void;
}

/**
 * What the checkout shows, read fresh when it opens: the server's cart, its products' current
 * prices (by id, docs/decisions/146), the payment methods on offer. `onAccount` receives the shopper's account (name, e-mail,
 * mobile number) once, to prefill the delivery form.
 */
export function useCheckoutData(onAccount: (user: PublicUser) => void): CheckoutData {
  const cartMap = useStore(cartStore);
  const held = useStore(heldStore);
  const products = useCartProducts();
  const cart = useServerCart();
  // Failures of these two are not shown: prefilling is a convenience (the shopper types the
  // details instead), and both methods stay offered (the server refuses one it does not take).
  const me = useQuery(ME_KEY, getMe);
  const options = useQuery(['payment-options'], getPaymentOptions);

  const prefilled = useRef(false);
  useEffect(() => {
    if (!me.data || prefilled.current) return;
    prefilled.current = true;
    onAccount(me.data.user);
  }, [me.data, onAccount]);

  const reload = () => {
    products.retry();
    cart.reload();
  };
  const lines = useMemo(
    () => cartLines(cartMap, products.products, held),
    [cartMap, products.products, held],
  );
  return {
    lines,
    cart: cart.status,
    products,
    methods: options.data?.paymentMethods ?? PAYMENT_METHODS,
    reload,
  };
}

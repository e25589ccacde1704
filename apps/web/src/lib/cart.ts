import { createStore, useStore } from './create-store';

/** Spec §3: product id → size → quantity. */
export type CartMap = Record<string, Record<string, number>>;

/** Spec §9: the header count is the sum of every quantity above 0. */
export function cartItemCount(cart: CartMap): number {
  let count = 0;
  for (const sizes of Object.values(cart)) {
    for (const quantity of Object.values(sizes)) {
      if (Number.isFinite(quantity) && quantity > 0) count += quantity;
    }
  }
  return count;
}

/**
 * The cart map. It is empty until the cart issue loads it from the server; adding is applied
 * locally first (spec §4), and the server call joins here later.
 */
export const cartStore = createStore<CartMap>({});

export function addToLocalCart(productId: string, size: string): void {
  cartStore.set((cart) => {
    const sizes = cart[productId] ?? {};
    return { ...cart, [productId]: { ...sizes, [size]: (sizes[size] ?? 0) + 1 } };
  });
}

/**
 * Loads the server's cart into the store: at start-up when a token is restored, and after every
 * login (spec §4; called from lib/account-session.ts). The cart issue fills it in with
 * `POST /api/cart/get`; until then the cart stays local.
 */
export async function loadCart(): Promise<void> {
  // Issue 5: fetch the server's cart map and `cartStore.set(...)` it.
}

export function clearCart(): void {
  cartStore.set({});
}

export function useCartCount(): number {
  return cartItemCount(useStore(cartStore));
}

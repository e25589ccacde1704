import { api, toastApiError } from '../api-client';
import { createStore, useStore } from '../create-store';
import { getToken } from '../session';
import { notify } from '../toast';

/** docs/product.md §3: product id → size → quantity. */
export type CartMap = Record<string, Record<string, number>>;

/** docs/product.md §9: the header count is the sum of every quantity above 0. */
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
 * locally first (docs/product.md §4), and the server call joins here later.
 */
export const cartStore = createStore<CartMap>({});

/**
 * Units of the cart's lines that the shopper's own open online order holds, as the last cart read
 * said (docs/decisions/110): the catalogue's stock leaves them out, but they are this shopper's,
 * so a line may have stock + held (decision 111). Empty for visitors and without an open order.
 */
export const heldStore = createStore<CartMap>({});

export function addToLocalCart(productId: string, size: string): void {
  cartStore.set((cart) => {
    const sizes = cart[productId] ?? {};
    return { ...cart, [productId]: { ...sizes, [size]: (sizes[size] ?? 0) + 1 } };
  });
}

/**
 * Bumped by every local change (cart-sync.ts): a cart read that started before a change may
 * not overwrite it; it is read again once the changes have reached the server.
 */
let localEdits = 0;
let pendingChanges = 0;
let reloadAfterChanges = false;

/** cart-sync.ts brackets each server change with these. */
export function beginCartChange(): void {
  localEdits += 1;
  pendingChanges += 1;
}
export function endCartChange(): void {
  pendingChanges -= 1;
  if (pendingChanges === 0 && reloadAfterChanges) {
    reloadAfterChanges = false;
    void loadCart();
  }
}

/**
 * Loads the server's cart into the store: at start-up when a token is restored, after every
 * login (lib/account-session.ts), and when the cart page opens or comes back into view. Lines of
 * products the shop no longer sells come back removed, with a notice to show. Answers false when
 * the cart could not be read (the reason has been shown), so a page can offer a retry.
 */
export async function loadCart(): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  const editsAtStart = localEdits;
  try {
    const answer = await api.call('cart.get');
    // Logged out (or in as someone else) meanwhile: this cart is not theirs.
    if (getToken() !== token) return false;
    if (pendingChanges > 0) {
      reloadAfterChanges = true;
      return true;
    }
    // A change started and finished during the read: read again, it now includes it.
    if (localEdits !== editsAtStart) return loadCart();
    cartStore.set(answer.cartData);
    heldStore.set(answer.held ?? {});
    if (answer.message) notify.info(answer.message);
    return true;
  } catch (error) {
    toastApiError(error);
    return false;
  }
}

export function clearCart(): void {
  cartStore.set({});
  heldStore.set({});
}

export function useCartCount(): number {
  return cartItemCount(useStore(cartStore));
}

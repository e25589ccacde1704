import { clearCart, loadCart } from './cart/cart';
import { reset } from './query';
import { clearToken, getToken, sessionStore, setToken } from './session';

/**
 * The session's life cycle (docs/product.md §4), in one place so the login page, the profile menu and the
 * start-up code cannot drift apart:
 * - start-up: the token restored from local storage loads the cart (`restoreSession`);
 * - login: the token is stored (memory and local storage), and the cart is loaded;
 * - logout: the token and its storage entry are cleared and the cart is emptied (the caller goes
 *   to /login). An expired session (HTTP 401) is handled by the API client and the app shell.
 * Loading and emptying the cart follow the token (`followSession`), so a login or logout in
 * another tab applies here too.
 */
export function restoreSession(): void {
  if (getToken()) void loadCart();
}

export function startSession(token: string): void {
  setToken(token);
}

export function endSession(): void {
  clearToken();
  clearCart();
}

/**
 * This tab's sessionStorage holds only what a checkout in progress keeps (the applied coupon):
 * it belongs to the account that is leaving. Called by `followSession` on every change of token,
 * so a logout, an expired session and another tab's login all forget it.
 */
function forgetSessionData(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Every change of token — a login, a logout, another tab — loads or empties the cart. */
export function followSession(): () => void {
  let previous = sessionStore.get();
  return sessionStore.subscribe(() => {
    const token = sessionStore.get();
    if (token === previous) return;
    previous = token;
    if (token) void loadCart();
    else clearCart();
    // Another account, or none: what a checkout kept belonged to the previous one, and so did
    // every cached answer about an account or the shop's administration (decision 106).
    forgetSessionData();
    reset('account');
    reset('admin');
  });
}

/**
 * A login that an action asked for returns the shopper to where they were and finishes the action
 * (docs/decisions/135-pick-up-where-you-were.md). The page that sends the visitor to /login puts a
 * `LoginReturn` in the navigation's state; the login page reads it back. No imports: any chunk
 * may use it.
 */
export interface LoginReturn {
  /** The path (and query) to return to: always this shop's own, starting with one '/'. */
  from: string;
  /** ADD TO CART's product and size, added once logged in. */
  add?: { productId: string; size: string };
}

/** Why a page sent the shopper to log in, in the words the toast shows. */
export const LOGIN_REASONS = {
  orders: 'Please login to see your orders',
  checkout: 'Please login to place your order',
  profile: 'Please login to see your profile',
  password: 'Please login to change your password',
  wishlist: 'Please login to see your wishlist',
} as const;

/** The navigation state that carries a LoginReturn to /login. */
export function loginReturnState(loginReturn: LoginReturn): { loginReturn: LoginReturn } {
  return { loginReturn };
}

/** The LoginReturn in a location's state, or null: anything else (or another site's path) is ignored. */
export function readLoginReturn(state: unknown): LoginReturn | null {
  const value = (state as { loginReturn?: unknown } | null)?.loginReturn as
    Partial<LoginReturn> | undefined;
  const from = value?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const add = value?.add;
  if (add && typeof add.productId === 'string' && typeof add.size === 'string')
    return { from, add: { productId: add.productId, size: add.size } };
  return { from };
}

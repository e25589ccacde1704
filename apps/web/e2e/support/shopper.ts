// "A logged-in shopper" for the cart and checkout journeys: an account registered through the
// real API (OTP read from the real mail), its token, and the server's view of its cart.
import { baseURL, clientAddress } from './browser';
import { createAccount, loginToken, type Account } from './accounts';

export type CartData = Record<string, Record<string, number>>;

export interface Shopper {
  account: Account;
  token: string;
  /** For `openPage(route, { storage })`: the token where the storefront keeps it (docs/product.md §3). */
  storage: { token: string };
}

export async function loggedInShopper(overrides: Partial<Account> = {}): Promise<Shopper> {
  const account = await createAccount(overrides);
  const token = await loginToken(account);
  return { account, token, storage: { token } };
}

async function cartCall(
  token: string,
  path: 'get' | 'add' | 'update',
  body: unknown,
): Promise<{ status: number; body: { success: boolean; message?: string; cartData?: CartData } }> {
  const response = await fetch(new URL(`/api/cart/${path}`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean } };
}

/** The cart as the server keeps it. */
export async function serverCart(token: string): Promise<CartData> {
  const answer = await cartCall(token, 'get', {});
  if (!answer.body.success || !answer.body.cartData)
    throw new Error(`cart/get: ${answer.body.message}`);
  return answer.body.cartData;
}

/** Puts a line in the shopper's cart straight through the API (set, not add). */
export async function setServerLine(
  token: string,
  itemId: string,
  size: string,
  quantity: number,
): Promise<void> {
  const answer = await cartCall(token, 'update', { itemId, size, quantity });
  if (answer.status !== 200)
    throw new Error(`cart/update: ${answer.status} ${answer.body.message}`);
}

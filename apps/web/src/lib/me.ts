import { api } from './api-client';

/** The account's cache key (decision 106); everything under `account` is dropped when the session changes. */
export const ME_KEY = ['account', 'me'];

/**
 * GET /api/user/me: the signed-in shopper's name and e-mail, for the profile page and to prefill
 * the checkout. The answer's contract is loaded with the call (docs/decisions/022, 105).
 */
export function getMe(signal?: AbortSignal) {
  return api.call('account.me', { signal });
}

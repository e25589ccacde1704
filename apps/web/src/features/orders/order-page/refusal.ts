import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';

/**
 * What a failed change says inside its dialog: the server's own message when it gave one (its
 * words are the contract's, docs/decisions/118-order-life.md), the transport's for a network
 * failure, else `fallback`. The same choice as `toastApiError`, shown inline instead of as a toast.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback || TRANSPORT_MESSAGES.generic;
  return error.kind === 'http' ? (error.serverMessage ?? fallback) : error.message;
}

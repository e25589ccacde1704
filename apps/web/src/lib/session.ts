import { createStore, useStore } from './create-store';

/** The session token is kept in local storage under `token` (docs/product.md §3). */
export const TOKEN_STORAGE_KEY = 'token';

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies): behave as logged out.
    return null;
  }
}

export const sessionStore = createStore<string | null>(
  typeof window === 'undefined' ? null : readStoredToken(),
);

export function getToken(): string | null {
  return sessionStore.get();
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Keep the session for this tab even when it cannot be persisted.
  }
  sessionStore.set(token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing persisted, nothing to remove.
  }
  sessionStore.set(null);
}

/** Logging in or out in another tab applies here too. */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) sessionStore.set(readStoredToken());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useToken(): string | null {
  return useStore(sessionStore);
}

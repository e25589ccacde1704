import { useCallback, useEffect, useState } from 'react';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';

export interface Load<T> {
  /** Null until the first load succeeds; a later failure keeps what was shown. */
  data: T | null;
  error: string | null;
  /** The HTTP status of the last failure (403: not staff). */
  status: number | undefined;
  busy: boolean;
  reload: () => void;
  /** Replaces the data after a change the server answered with (no reload needed). */
  set: (update: (data: T) => T) => void;
}

/**
 * One admin screen's data: loads when `key` changes, cancels a load that is no longer wanted, and
 * keeps the last good data on screen while reloading. A 401 is the API client's (→ /login).
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const request = `${attempt}:${key}`;
  // `settled` names the request the state answers; while it is not this one, a load is under way.
  const [state, setState] = useState<{
    data: T | null;
    error: string | null;
    status: number | undefined;
    settled: string | null;
  }>({
    data: null,
    error: null,
    status: undefined,
    settled: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ data, error: null, status: undefined, settled: request }),
      (error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'aborted' || error.handled)) return;
        setState((s) => ({
          ...s,
          settled: request,
          error: error instanceof ApiError ? error.message : TRANSPORT_MESSAGES.generic,
          status: error instanceof ApiError ? error.status : undefined,
        }));
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; the request says when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((update: (data: T) => T) => {
    setState((s) => (s.data === null ? s : { ...s, data: update(s.data) }));
  }, []);
  const { settled, ...rest } = state;
  return { ...rest, busy: settled !== request, reload, set };
}

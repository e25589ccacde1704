import { useEffect, useState } from 'react';
import type { PublicUser } from '@vastra/shared/schemas/user';
import { ApiError } from '@/lib/api-client';
import { getMe } from '@/lib/me';

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; user: PublicUser }
  | { status: 'error'; message: string; retry: () => void };

/** GET /api/user/me for the profile page; a 401 is handled by the API client (→ /login). */
export function useMe(token: string | null): MeState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MeState>({ status: 'loading' });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getMe(controller.signal).then(
      (answer) => setState({ status: 'ready', user: answer.user }),
      (error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'aborted' || error.handled)) return;
        setState({
          status: 'error',
          message:
            error instanceof Error ? error.message : 'Something went wrong. Please try again.',
          retry: () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          },
        });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  return state;
}

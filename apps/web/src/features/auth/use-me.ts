import type { PublicUser } from '@vastra/shared/schemas/user';
import { ApiError } from '@/lib/api-client';
import { ME_KEY, getMe } from '@/lib/me';
import { loadErrorMessage, useQuery } from '@/lib/query';

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; user: PublicUser }
  | { status: 'error'; message: string; retry: () => void };

/** GET /api/user/me for the account screens; a 401 is handled by the API client (→ /login). */
export function useMe(token: string | null): MeState {
  const me = useQuery(ME_KEY, getMe, { enabled: token !== null });
  if (me.data !== undefined) return { status: 'ready', user: me.data.user };
  // A 401 has ended the session already: the page goes to /login rather than show an error.
  const handled = me.error instanceof ApiError && me.error.handled;
  if (me.error === undefined || me.fetching || handled) return { status: 'loading' };
  return { status: 'error', message: loadErrorMessage(me.error), retry: me.refresh };
}

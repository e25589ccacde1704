import { Button } from '@/components/ui/button';
import type { MeState } from './use-me';

/**
 * What an account screen shows until /api/user/me has answered: two grey rows while it loads, its
 * error with a retry when it failed, nothing once the account is there.
 */
export function MePending({ me, loadingLabel }: { me: MeState; loadingLabel: string }) {
  if (me.status === 'loading') {
    return (
      <div role="status" aria-label={loadingLabel} className="space-y-4">
        <div className="h-12 animate-pulse bg-line/60" />
        <div className="h-12 animate-pulse bg-line/60" />
      </div>
    );
  }
  if (me.status === 'error') {
    return (
      <div role="alert" className="text-center">
        <p className="text-sm text-muted">{me.message}</p>
        <Button type="button" onClick={me.retry} variant="secondary" size="block" className="mt-4">
          TRY AGAIN
        </Button>
      </div>
    );
  }
  return null;
}

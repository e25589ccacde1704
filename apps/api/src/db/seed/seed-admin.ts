import type { Database } from '../client';
import type { Logger } from '../../lib/logger';
import { countAdmins, createOrPromoteAdmin } from '../../modules/auth/admins.service';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: makes that account an admin only while the shop has no
 * admin at all, so a later password change (or a second admin) is never overwritten by a restart
 * with the same environment.
 */
export async function bootstrapAdmin(
  db: Database,
  admin: { email: string; password: string } | undefined,
  log: Logger,
): Promise<'created' | 'promoted' | 'skipped'> {
  if (!admin) return 'skipped';
  if ((await countAdmins(db)) > 0) {
    log.info('an admin exists; ADMIN_EMAIL left alone');
    return 'skipped';
  }
  const result = await createOrPromoteAdmin(db, admin);
  log.info({ email: result.email }, result.created ? 'admin created' : 'account made admin');
  return result.created ? 'created' : 'promoted';
}

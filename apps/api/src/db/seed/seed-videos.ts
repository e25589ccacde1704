import { count } from 'drizzle-orm';
import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import type { Database } from '../client';
import { videos } from '../schema/videos';
import type { Logger } from '../../lib/logger';

/**
 * Fills an empty videos table with the four demo clips. A table with any row belongs to the shop
 * owner and is left alone, so this is safe at every start; seed_key keeps two servers seeding one
 * PostgreSQL at once from duplicating a clip.
 */
export async function seedVideos(
  db: Database,
  log: Logger,
): Promise<{ inserted: number; skipped: boolean }> {
  const [counted] = await db.select({ value: count() }).from(videos);
  const existing = counted?.value ?? 0;
  if (existing > 0) {
    log.info({ existing }, 'videos already present; seed skipped');
    return { inserted: 0, skipped: true };
  }
  const rows = DEMO_VIDEOS.map((clip, position) => ({
    videoUrl: `${MEDIA_VIDEOS_PATH}${clip.file}`,
    title: clip.title,
    position,
    seedKey: `demo-${clip.key}`,
  }));
  const inserted = await db
    .insert(videos)
    .values(rows)
    .onConflictDoNothing({ target: videos.seedKey })
    .returning({ id: videos.id });
  log.info({ inserted: inserted.length }, 'demo videos seeded');
  return { inserted: inserted.length, skipped: false };
}

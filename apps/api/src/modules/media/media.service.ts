import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import type { Video } from '@vastra/shared/schemas/video';
import type { Database } from '../../db/client';
import { videos, type VideoRow } from '../../db/schema/videos';
import { countVideos, listVideos } from './media.repository';
import type { Logger } from '../../lib/logger';

/** The committed demo clips (made by apps/api/scripts/make-demo-videos.ts), served at MEDIA_VIDEOS_PATH. */
export const DEMO_VIDEOS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/videos',
);

export function toVideo(row: VideoRow): Video {
  return { _id: row.id, videoUrl: row.videoUrl, title: row.title };
}

export async function listCarouselVideos(db: Database): Promise<Video[]> {
  return (await listVideos(db)).map(toVideo);
}

/**
 * Fills an empty videos table with the four demo clips. A table with any row belongs to the shop
 * owner and is left alone, so this is safe at every start; seed_key keeps two servers seeding one
 * PostgreSQL at once from duplicating a clip.
 */
export async function seedVideos(
  db: Database,
  log: Logger,
): Promise<{ inserted: number; skipped: boolean }> {
  const existing = await countVideos(db);
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

import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos, type VideoRow } from '../../db/schema/videos';

/** The carousel's clips in the shop owner's order (position, then oldest first). */
export function listVideos(db: Database): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
}

import { asc, count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos, type VideoRow } from '../../db/schema/videos';

/** The carousel's clips in the shop owner's order (position, then oldest first). */
export function listVideos(db: Database): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
}

export async function countVideos(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(videos);
  return row?.value ?? 0;
}

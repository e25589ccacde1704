import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos, type VideoRow } from '../../db/schema/videos';

/** A new clip goes last in the carousel. One statement, so two adds at once both get a place. */
export async function insertVideoLast(
  db: Database,
  values: { videoUrl: string; title: string },
): Promise<VideoRow> {
  const [row] = await db
    .insert(videos)
    .values({
      ...values,
      position: sql`(select coalesce(max(${videos.position}) + 1, 0) from ${videos})`,
    })
    .returning();
  if (!row) throw new Error('video insert returned nothing');
  return row;
}

export async function updateVideoTitle(
  db: Database,
  id: string,
  title: string,
): Promise<VideoRow | undefined> {
  const [row] = await db.update(videos).set({ title }).where(eq(videos.id, id)).returning();
  return row;
}

export async function deleteVideo(db: Database, id: string): Promise<VideoRow | undefined> {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning();
  return row;
}

export async function countVideosWithUrl(db: Database, videoUrl: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(videos)
    .where(eq(videos.videoUrl, videoUrl));
  return row?.value ?? 0;
}

/**
 * Gives the clips the positions 0…n-1 in the order of `ids`, which must name every clip exactly
 * once (checked inside the transaction, under a lock on the table's rows, so a clip added
 * meanwhile is not left without a place). False when the ids do not match.
 */
export async function reorderVideos(db: Database, ids: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: videos.id })
      .from(videos)
      .orderBy(asc(videos.position))
      .for('update');
    const existing = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== existing.size) return false;
    if (ids.some((id) => !existing.has(id))) return false;
    for (const [position, id] of ids.entries()) {
      await tx.update(videos).set({ position }).where(eq(videos.id, id));
    }
    return true;
  });
}

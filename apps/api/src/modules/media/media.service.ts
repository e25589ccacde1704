import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Video } from '@vastra/shared/schemas/video';
import type { Database } from '../../db/client';
import type { VideoRow } from '../../db/schema/videos';
import { listVideos } from './media.repository';

/** The committed demo clips (made by apps/api/scripts/make-demo-videos.ts), served at MEDIA_VIDEOS_PATH. */
export const DEMO_VIDEOS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/videos',
);

function toVideo(row: VideoRow): Video {
  return { _id: row.id, videoUrl: row.videoUrl, title: row.title };
}

export async function listCarouselVideos(db: Database): Promise<Video[]> {
  return (await listVideos(db)).map(toVideo);
}

import { MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import { ADMIN_VIDEO_MESSAGES as M, type AdminVideo } from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import type { VideoRow } from '../../db/schema/videos';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../providers/storage/file-store';
import { listVideos } from './media.repository';
import {
  countVideosWithUrl,
  deleteVideo,
  insertVideoLast,
  reorderVideos,
  updateVideoTitle,
} from './admin-videos.repository';
import { keepVideo, uploadedVideoKey, type StagedVideo } from './video-files';

const notFound = () => new AppError('not_found', M.notFound);

/** The home carousel's clips (table `videos`, decision 030), as the shop owner manages them. */
export function createAdminVideosService(deps: { db: Database; store: FileStore }) {
  const { db, store } = deps;

  function toAdminVideo(row: VideoRow): AdminVideo {
    return {
      _id: row.id,
      videoUrl: row.videoUrl,
      title: row.title,
      position: row.position,
      local:
        uploadedVideoKey(store, row.videoUrl) !== undefined ||
        row.videoUrl.startsWith(MEDIA_VIDEOS_PATH),
      createdAt: row.createdAt.getTime(),
    };
  }

  return {
    async list(): Promise<AdminVideo[]> {
      return (await listVideos(db)).map(toAdminVideo);
    },

    async addUrl(videoUrl: string, title: string): Promise<AdminVideo> {
      return toAdminVideo(await insertVideoLast(db, { videoUrl, title }));
    },

    async addUpload(staged: StagedVideo, title: string): Promise<AdminVideo> {
      const { url, key, created } = await keepVideo(store, staged);
      try {
        return toAdminVideo(await insertVideoLast(db, { videoUrl: url, title }));
      } catch (error) {
        // Only what this upload added, and only when no other row shows the same clip.
        if (created && (await countVideosWithUrl(db, url).catch(() => 1)) === 0)
          await store.delete(key).catch(() => {});
        throw error;
      }
    },

    async rename(id: string, title: string): Promise<AdminVideo> {
      const row = await updateVideoTitle(db, id, title);
      if (!row) throw notFound();
      return toAdminVideo(row);
    },

    async reorder(ids: readonly string[]): Promise<AdminVideo[]> {
      if (!(await reorderVideos(db, ids))) throw new AppError('invalid_data', M.order);
      return (await listVideos(db)).map(toAdminVideo);
    },

    /** Removes the row, and the uploaded file once no clip uses it (demo clips are project files). */
    async remove(id: string): Promise<void> {
      const row = await deleteVideo(db, id);
      if (!row) throw notFound();
      const key = uploadedVideoKey(store, row.videoUrl);
      // The row is gone either way; a store that is away keeps the file (nothing points at it).
      if (key && (await countVideosWithUrl(db, row.videoUrl)) === 0)
        await store.delete(key).catch(() => {});
    },
  };
}

export type AdminVideosService = ReturnType<typeof createAdminVideosService>;

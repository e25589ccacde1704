import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import type { Video } from '@vastra/shared/schemas/video';
import { api, type ApiClient } from '@/lib/api-client';

/** `GET /api/videos`: the carousel's clips, in order. */
export async function getVideos(client: ApiClient = api, signal?: AbortSignal): Promise<Video[]> {
  const body = await client.call('catalog.videos', { signal });
  return body.videos;
}

/** The clips shown when the list cannot be loaded: the same files the API seeds (docs/product.md §7). */
export const DEMO_VIDEO_LIST: readonly Video[] = DEMO_VIDEOS.map((clip) => ({
  _id: `demo-${clip.key}`,
  videoUrl: `${MEDIA_VIDEOS_PATH}${clip.file}`,
  title: clip.title,
}));

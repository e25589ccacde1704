import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import type { Video, VideoListResponse } from '@vastra/shared/schemas/video';
import { api, type ApiClient, type ResponseSchema } from '@/lib/api-client';

/**
 * `GET /api/videos/`. Checked by a small guard held to the shared zod contract by a test, so zod
 * stays out of the bundle (docs/decisions/022).
 */
const isVideo = (v: unknown): v is Video =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Video)._id === 'string' &&
  typeof (v as Video).videoUrl === 'string' &&
  (v as Video).videoUrl.length > 0 &&
  typeof (v as Video).title === 'string';

export const videoListResponse: ResponseSchema<VideoListResponse> = {
  safeParse: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { success: false };
    const body = v as { success?: unknown; videos?: unknown };
    if (body.success !== true || !Array.isArray(body.videos) || !body.videos.every(isVideo))
      return { success: false };
    return {
      success: true,
      data: {
        success: true,
        videos: body.videos.map(({ _id, videoUrl, title }) => ({ _id, videoUrl, title })),
      },
    };
  },
};

export async function getVideos(client: ApiClient = api, signal?: AbortSignal): Promise<Video[]> {
  const body = await client.get('/api/videos/', { schema: videoListResponse, signal });
  return body.videos;
}

/** The clips shown when the list cannot be loaded: the same files the API seeds (docs/product.md §7). */
export const DEMO_VIDEO_LIST: readonly Video[] = DEMO_VIDEOS.map((clip) => ({
  _id: `demo-${clip.key}`,
  videoUrl: `${MEDIA_VIDEOS_PATH}${clip.file}`,
  title: clip.title,
}));

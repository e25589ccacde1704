import { z } from 'zod';

/** A carousel clip as the API answers it (docs/product.md §3: _id, videoUrl). */
export const videoSchema = z.object({
  _id: z.string(),
  /** A path on the shop's own server (`/media/videos/…`) or an absolute URL. */
  videoUrl: z.string().min(1),
  /** What the clip shows, for screen readers; may be empty. */
  title: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** `GET /api/videos/` (docs/product.md §7 "list of videos", wrapped as every answer is: docs/architecture.md §3). */
export const videoListResponseSchema = z.object({
  success: z.literal(true),
  videos: z.array(videoSchema),
});
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;

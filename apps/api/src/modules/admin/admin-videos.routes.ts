import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import {
  ADMIN_VIDEO_MESSAGES as M,
  adminIdParamsSchema,
  adminMessageResponseSchema,
  adminVideoListResponseSchema,
  adminVideoOrderRequestSchema,
  adminVideoResponseSchema,
  adminVideoUpdateSchema,
  adminVideoUploadFieldsSchema,
  adminVideoUrlRequestSchema,
} from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';
import { describeZodIssue } from '../../plugins/error-handler';
import type { AdminVideosService } from './admin-videos.service';
import { refusals } from './admin-refusals';
import { readMultipartForm } from './multipart';
import { discardStaged, stageVideo } from './video-files';

/** Videos: the home carousel's clips, added by URL or upload, reordered, removed. */
export async function adminVideoRoutes(
  app: FastifyInstance,
  opts: { videos: AdminVideosService; uploadsDir: string },
): Promise<void> {
  const { videos, uploadsDir } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/videos',
    { schema: { response: { 200: adminVideoListResponseSchema, ...refusals } } },
    async () => ({ success: true as const, videos: await videos.list() }),
  );

  api.post(
    '/api/admin/videos',
    {
      schema: {
        body: adminVideoUrlRequestSchema,
        response: { 200: adminVideoResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: M.added,
      video: await videos.addUrl(request.body.videoUrl, request.body.title),
    }),
  );

  // multipart/form-data: one file named `video` (MP4 or WebM) and an optional `title` field.
  api.post(
    '/api/admin/videos/upload',
    { schema: { response: { 200: adminVideoResponseSchema, ...refusals } } },
    async (request) => {
      const form = await readMultipartForm(
        request,
        {
          maxFiles: 1,
          maxFileBytes: ADMIN_UPLOADS.videoBytesMax,
          messages: {
            tooManyFiles: 'Please upload one video at a time',
            fileTooLarge: M.tooLarge(ADMIN_UPLOADS.videoBytesMax / (1024 * 1024)),
          },
        },
        (part) => stageVideo(uploadsDir, part),
        discardStaged,
      );
      const staged = form.files[0];
      const fields = adminVideoUploadFieldsSchema.safeParse(form.fields);
      if (!staged || !fields.success) {
        await discardStaged(form.files);
        throw new AppError(
          'invalid_data',
          staged
            ? describeZodIssue(fields.error?.issues[0] ?? { path: [], message: M.title })
            : M.noFile,
        );
      }
      return {
        success: true as const,
        message: M.added,
        video: await videos.addUpload(staged, fields.data.title),
      };
    },
  );

  api.put(
    '/api/admin/videos/order',
    {
      schema: {
        body: adminVideoOrderRequestSchema,
        response: { 200: adminVideoListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ success: true as const, videos: await videos.reorder(request.body.ids) }),
  );

  api.patch(
    '/api/admin/videos/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminVideoUpdateSchema,
        response: { 200: adminVideoResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: M.updated,
      video: await videos.rename(request.params.id, request.body.title),
    }),
  );

  api.delete(
    '/api/admin/videos/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        response: { 200: adminMessageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await videos.remove(request.params.id);
      return { success: true as const, message: M.removed };
    },
  );
}

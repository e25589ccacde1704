import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_UPLOADS, ADMIN_VIDEO_MESSAGES as M } from '@vastra/shared/schemas/admin';
import { routeOf } from '../../lib/endpoint-route';
import { AppError } from '../../lib/app-error';
import { describeZodIssue } from '../../plugins/error-handler';
import type { AdminVideosService } from '../media/admin-videos.service';
import { readMultipartForm } from './multipart';
import { discardStaged, stageVideo } from '../media/video-files';

/** Videos: the home carousel's clips, added by URL or upload, reordered, removed. */
export async function adminVideoRoutes(
  app: FastifyInstance,
  opts: { videos: AdminVideosService; uploadsDir: string },
): Promise<void> {
  const { videos, uploadsDir } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.admin.videoList),
    handler: async () => ({ success: true as const, videos: await videos.list() }),
  });

  api.route({
    ...routeOf(endpoints.admin.videoAddUrl),
    handler: async (request) => ({
      success: true as const,
      message: M.added,
      video: await videos.addUrl(request.body.videoUrl, request.body.title),
    }),
  });

  // multipart/form-data: one file named `video` (MP4 or WebM) and an optional `title` field.
  api.route({
    ...routeOf(endpoints.admin.videoUpload),
    handler: async (request) => {
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
      const fields = endpoints.admin.videoUpload.multipart.fields.safeParse(form.fields);
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
  });

  api.route({
    ...routeOf(endpoints.admin.videoOrder),
    handler: async (request) => ({
      success: true as const,
      videos: await videos.reorder(request.body.ids),
    }),
  });

  api.route({
    ...routeOf(endpoints.admin.videoUpdate),
    handler: async (request) => ({
      success: true as const,
      message: M.updated,
      video: await videos.rename(request.params.id, request.body.title),
    }),
  });

  api.route({
    ...routeOf(endpoints.admin.videoDelete),
    handler: async (request) => {
      await videos.remove(request.params.id);
      return { success: true as const, message: M.removed };
    },
  });
}

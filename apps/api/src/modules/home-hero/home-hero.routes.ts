import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_PRODUCT_MESSAGES, ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { HOME_HERO_MESSAGES as M } from '@vastra/shared/schemas/home-hero';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { describeZodIssue } from '../../plugins/error-handler';
import { readMultipartForm } from '../admin/multipart';
import type { HomeHeroService } from './home-hero.service';

/** The shop's call: what the home page's hero draws. */
export async function homeHeroRoutes(
  app: FastifyInstance,
  opts: { hero: HomeHeroService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(endpoints.home.hero),
    handler: async () => ({ success: true as const, hero: await opts.hero.shown() }),
  });
}

const bannerLimits = {
  maxFiles: 1,
  maxFileBytes: ADMIN_UPLOADS.imageBytesMax,
  messages: {
    tooManyFiles: M.tooManyFiles,
    fileTooLarge: ADMIN_PRODUCT_MESSAGES.imageTooLarge(ADMIN_UPLOADS.imageBytesMax / (1024 * 1024)),
  },
};

/** The owner's calls, registered in a scope behind the admin role. */
export async function adminHomeHeroRoutes(
  app: FastifyInstance,
  opts: { hero: HomeHeroService },
): Promise<void> {
  const { hero } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.homeHero.get),
    handler: async () => ({ success: true as const, hero: await hero.adminView() }),
  });

  api.route({
    ...routeOf(endpoints.homeHero.save),
    handler: async (request) => ({
      success: true as const,
      message: M.saved,
      hero: await hero.save(request.body, currentUser(request).email),
    }),
  });

  // multipart/form-data: one file named `image` and the `alt` field.
  api.route({
    ...routeOf(endpoints.homeHero.uploadBanner),
    handler: async (request) => {
      const form = await readMultipartForm(request, bannerLimits, async (part) => ({
        field: part.fieldname,
        bytes: await part.toBuffer(),
      }));
      const fields = endpoints.homeHero.uploadBanner.multipart.fields.safeParse(form.fields);
      const issue = fields.error?.issues[0];
      if (!fields.success)
        throw new AppError('invalid_data', issue ? describeZodIssue(issue) : M.alt);
      const [file] = form.files;
      if (!file || file.field !== 'image') throw new AppError('invalid_data', M.bannerFile);
      return {
        success: true as const,
        message: M.bannerSaved,
        hero: await hero.uploadBanner(file.bytes, fields.data.alt, currentUser(request).email),
      };
    },
  });
}

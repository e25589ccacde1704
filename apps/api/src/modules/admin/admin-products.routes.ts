import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_PRODUCT_MESSAGES as M, ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { LIMITS } from '@vastra/shared/constants';
import { AppError } from '../../lib/app-error';
import { describeZodIssue } from '../../plugins/error-handler';
import type { AdminProductsService } from '../catalog/admin-products.service';
import { readMultipartForm } from './multipart';

const imageLimits = {
  maxFiles: LIMITS.productImagesMax,
  maxFileBytes: ADMIN_UPLOADS.imageBytesMax,
  messages: {
    tooManyFiles: M.tooManyImages,
    fileTooLarge: M.imageTooLarge(ADMIN_UPLOADS.imageBytesMax / (1024 * 1024)),
  },
};

/** Products: list with search, add with pictures, edit, add pictures, delete. */
export async function adminProductRoutes(
  app: FastifyInstance,
  opts: { products: AdminProductsService },
): Promise<void> {
  const { products } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.admin.productList),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const { products: list, total } = await products.list(request.query);
      return { success: true as const, products: list, page, pageSize, total };
    },
  });

  // multipart/form-data: the fields of adminProductFieldsSchema and 1–4 files named `images`.
  api.route({
    ...routeOf(endpoints.admin.productCreate),
    handler: async (request) => {
      const form = await readMultipartForm(request, imageLimits, (part) => part.toBuffer());
      const fields = endpoints.admin.productCreate.multipart.fields.safeParse(form.fields);
      const issue = fields.error?.issues[0];
      if (!fields.success)
        throw new AppError('invalid_data', issue ? describeZodIssue(issue) : M.name);
      const product = await products.create(fields.data, form.files, currentUser(request).email);
      return { success: true as const, message: M.created, product };
    },
  });

  api.route({
    ...routeOf(endpoints.admin.productGet),
    handler: async (request) => ({
      success: true as const,
      product: await products.get(request.params.id),
    }),
  });

  api.route({
    ...routeOf(endpoints.admin.productUpdate),
    handler: async (request) => {
      const product = await products.update(
        request.params.id,
        request.body,
        currentUser(request).email,
      );
      return { success: true as const, message: M.updated, product };
    },
  });

  // multipart/form-data: 1–4 files named `images`, appended while the product stays within 4.
  api.route({
    ...routeOf(endpoints.admin.productAddImages),
    handler: async (request) => {
      const form = await readMultipartForm(request, imageLimits, (part) => part.toBuffer());
      const product = await products.addImages(request.params.id, form.files);
      return { success: true as const, message: M.imagesAdded, product };
    },
  });

  api.route({
    ...routeOf(endpoints.admin.productDelete),
    handler: async (request) => {
      await products.remove(request.params.id, currentUser(request).email);
      return { success: true as const, message: M.deleted };
    },
  });
}

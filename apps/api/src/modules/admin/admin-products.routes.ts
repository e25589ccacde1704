import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@vastra/shared/constants';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  adminIdParamsSchema,
  adminMessageResponseSchema,
  adminProductFieldsSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminProductUpdateSchema,
} from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';
import { describeZodIssue } from '../../plugins/error-handler';
import type { AdminProductsService } from './admin-products.service';
import { refusals } from './admin-refusals';
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

  api.get(
    '/api/admin/products',
    {
      schema: {
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { products: list, total } = await products.list(request.query);
      return { success: true as const, products: list, page, pageSize, total };
    },
  );

  // multipart/form-data: the fields of adminProductFieldsSchema and 1–4 files named `images`.
  api.post(
    '/api/admin/products',
    { schema: { response: { 200: adminProductResponseSchema, ...refusals } } },
    async (request) => {
      const form = await readMultipartForm(request, imageLimits, (part) => part.toBuffer());
      const fields = adminProductFieldsSchema.safeParse(form.fields);
      const issue = fields.error?.issues[0];
      if (!fields.success)
        throw new AppError('invalid_data', issue ? describeZodIssue(issue) : M.name);
      const product = await products.create(fields.data, form.files);
      return { success: true as const, message: M.created, product };
    },
  );

  api.patch(
    '/api/admin/products/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminProductUpdateSchema,
        response: { 200: adminProductResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const product = await products.update(request.params.id, request.body);
      return { success: true as const, message: M.updated, product };
    },
  );

  // multipart/form-data: 1–4 files named `images`, appended while the product stays within 4.
  api.post(
    '/api/admin/products/:id/images',
    {
      schema: {
        params: adminIdParamsSchema,
        response: { 200: adminProductResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, imageLimits, (part) => part.toBuffer());
      const product = await products.addImages(request.params.id, form.files);
      return { success: true as const, message: M.imagesAdded, product };
    },
  );

  api.delete(
    '/api/admin/products/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        response: { 200: adminMessageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await products.remove(request.params.id);
      return { success: true as const, message: M.deleted };
    },
  );
}

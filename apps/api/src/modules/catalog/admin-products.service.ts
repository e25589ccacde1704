import { LIMITS } from '@vastra/shared/constants';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  type AdminProduct,
  type AdminProductFields,
  type AdminProductListQuery,
  type AdminProductUpdate,
} from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../providers/storage/file-store';
import { toProduct, type CatalogService } from './catalog.service';
import {
  appendImages,
  findLiveProduct,
  insertProduct,
  listProductsForAdmin,
  softDeleteProduct,
  updateLiveProduct,
} from './admin-products.repository';
import {
  prepareProductImage,
  removeFiles,
  writePreparedImages,
  type PreparedImage,
} from './product-image-files';

function toAdminProduct(row: ProductRow): AdminProduct {
  return { ...toProduct(row), deletedAt: row.deletedAt?.getTime() ?? null };
}

const notFound = () => new AppError('not_found', M.notFound);

/**
 * The admin's product writes. Each one runs in a transaction that also NOTIFYs the catalogue
 * channel, so every API process drops its cached list when (and only when) the write commits;
 * this process drops its own at once as well, so the admin's next look at the shop shows it.
 */
export function createAdminProductsService(deps: {
  db: Database;
  catalog: Pick<CatalogService, 'announceChange' | 'invalidate'>;
  store: FileStore;
  clock: Clock;
}) {
  const { db, catalog, store, clock } = deps;

  async function write<T>(change: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await change(tx);
      if (value !== undefined) await catalog.announceChange(tx);
      return value;
    });
    catalog.invalidate();
    return result;
  }

  /** Every picture checked and converted before any file is written. */
  async function prepareAll(files: readonly Buffer[]): Promise<PreparedImage[]> {
    const prepared: PreparedImage[] = [];
    for (const bytes of files) prepared.push(await prepareProductImage(bytes, store));
    return prepared;
  }

  /** Writes the files, runs the change, and takes the new files back if the change fails. */
  async function withStoredImages<T>(
    images: readonly PreparedImage[],
    change: () => Promise<T>,
  ): Promise<T> {
    const created = await writePreparedImages(store, images);
    try {
      return await change();
    } catch (error) {
      await removeFiles(store, created);
      throw error;
    }
  }

  return {
    async list(query: AdminProductListQuery) {
      const { rows, total } = await listProductsForAdmin(db, query);
      return { products: rows.map(toAdminProduct), total };
    },

    async create(fields: AdminProductFields, files: readonly Buffer[]): Promise<AdminProduct> {
      if (files.length === 0) throw new AppError('invalid_data', M.noImage);
      if (files.length > LIMITS.productImagesMax)
        throw new AppError('invalid_data', M.tooManyImages);
      const images = await prepareAll(files);
      const row = await withStoredImages(images, () =>
        write((tx) =>
          insertProduct(tx, {
            ...fields,
            images: images.map((i) => i.url),
            createdAt: clock.now(),
          }),
        ),
      );
      return toAdminProduct(row);
    },

    async update(id: string, patch: AdminProductUpdate): Promise<AdminProduct> {
      const row = await write(async (tx) => {
        const current = await findLiveProduct(tx, id);
        if (!current) throw notFound();
        // Keeping or reordering only: a URL of someone else's picture cannot be slipped in.
        if (
          patch.images &&
          (new Set(patch.images).size !== patch.images.length ||
            patch.images.some((url) => !current.images.includes(url)))
        )
          throw new AppError('invalid_data', M.keepImages);
        const { images, ...fields } = patch;
        return updateLiveProduct(tx, id, { ...fields, ...(images ? { images } : {}) });
      });
      if (!row) throw notFound();
      return toAdminProduct(row);
    },

    async addImages(id: string, files: readonly Buffer[]): Promise<AdminProduct> {
      if (files.length === 0) throw new AppError('invalid_data', M.noImage);
      const current = await findLiveProduct(db, id);
      if (!current) throw notFound();
      if (current.images.length + files.length > LIMITS.productImagesMax)
        throw new AppError('invalid_data', M.tooManyImages);
      const images = await prepareAll(files);
      const row = await withStoredImages(images, async () => {
        const updated = await write((tx) =>
          appendImages(
            tx,
            id,
            images.map((i) => i.url),
            LIMITS.productImagesMax,
          ),
        );
        // Refused by the conditional update: deleted, or filled by another upload meanwhile.
        if (!updated)
          throw (await findLiveProduct(db, id))
            ? new AppError('invalid_data', M.tooManyImages)
            : notFound();
        return updated;
      });
      return toAdminProduct(row);
    },

    async remove(id: string): Promise<void> {
      const row = await write((tx) => softDeleteProduct(tx, id, clock.now()));
      if (!row) throw notFound();
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

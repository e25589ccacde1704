import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import { LIMITS, type Category } from '@vastra/shared/constants';
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
import { productsById, toProduct, type CatalogService, type CountsChange } from './catalog.service';
import { adminStockOf, lowestAvailable, setOnHand, writeOffProduct } from '../stock/stock.service';
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

/** Products as the admin sees them, with every size's on hand, held and available units. */
async function toAdminProducts(db: Database, rows: readonly ProductRow[]): Promise<AdminProduct[]> {
  const stock = await adminStockOf(db, rows);
  return rows.map((row) => {
    const sizes = stock.get(row.id) ?? {};
    return {
      ...toProduct(row),
      hsn: row.hsn,
      deletedAt: row.deletedAt?.getTime() ?? null,
      stock: sizes,
      available: Object.values(sizes).reduce((sum, s) => sum + s.available, 0),
    };
  });
}

async function toAdminProduct(db: Database, row: ProductRow): Promise<AdminProduct> {
  const [product] = await toAdminProducts(db, [row]);
  if (!product) throw new Error('admin product lost on the way');
  return product;
}

const notFound = () => new AppError('not_found', M.notFound);

/**
 * The price and MRP a product will have, sent or stored: an MRP below the price is a 400 here,
 * before the database's CHECK would fail the write (docs/decisions/126-mrp-display.md).
 */
function refuseMrpBelowPrice(price: number, mrp: number | null): void {
  if (mrp !== null && mrp < price) throw new AppError('invalid_data', M.mrpBelowPrice);
}

/**
 * The HSN code an edit leaves: the one sent; else, when the category changes and the stored code
 * is the old category's own (HSN_BY_CATEGORY), the new category's, as the admin form does; else
 * unchanged (undefined).
 */
function hsnAfter(current: ProductRow, patch: AdminProductUpdate): string | undefined {
  if (patch.hsn !== undefined) return patch.hsn;
  if (patch.category === undefined || patch.category === current.category) return undefined;
  return current.hsn === HSN_BY_CATEGORY[current.category as Category]
    ? HSN_BY_CATEGORY[patch.category]
    : undefined;
}

/** Fields whose change moves only the counts of searched queries (decision 155). */
const TEXT_FIELDS = new Set(['name', 'description']);
/** Fields that no count depends on: the MRP shows a discount and sorts by it, nothing more. */
const UNCOUNTED_FIELDS = new Set(['mrp', 'stock']);

/**
 * Which counts of the catalogue query an edit of `current` can move: a new price only those of
 * queries whose price range it enters or leaves (decision 161), a new name or description only
 * those of searched queries, the MRP or units alone none (stock does not age counts); any other
 * field, all of them.
 */
function countsChangeOfEdit(current: ProductRow, patch: AdminProductUpdate): CountsChange {
  const fields = Object.entries(patch)
    .filter(([field, value]) => value !== undefined && !UNCOUNTED_FIELDS.has(field))
    .map(([field]) => field);
  if (!fields.every((field) => field === 'price' || TEXT_FIELDS.has(field))) return 'all';
  const price = patch.price ?? current.price;
  return {
    prices:
      price === current.price ? false : { from: current.price, to: price, product: current.id },
    text: fields.some((field) => TEXT_FIELDS.has(field)),
  };
}

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

  /** `countsOf` is asked after `change` ran: what it changed may depend on what it read. */
  async function write<T>(
    change: (tx: Database) => Promise<T>,
    countsOf: () => CountsChange = () => 'all',
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await change(tx);
      if (value !== undefined) await catalog.announceChange(tx, countsOf());
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
      if (query.sort === 'newest' && query.lowStock === undefined) {
        const { rows, total } = await listProductsForAdmin(db, query);
        return { products: await toAdminProducts(db, rows), total };
      }
      // By stock (docs/decisions/110): the matching products' lowest available size decides,
      // read from the stock module, then ordered and paged here (a shop's catalogue is small).
      const rows = await listProductsForAdmin(db, query, { all: true });
      const lowest = await lowestAvailable(db, rows.rows);
      const low = (row: ProductRow) => lowest.get(row.id) ?? 0;
      const matching = rows.rows.filter(
        (row) => query.lowStock === undefined || low(row) <= query.lowStock,
      );
      if (query.sort === 'stock') matching.sort((a, b) => low(a) - low(b));
      const start = (query.page - 1) * query.pageSize;
      return {
        products: await toAdminProducts(db, matching.slice(start, start + query.pageSize)),
        total: matching.length,
      };
    },

    /** One product, deleted ones too, with its stock. */
    async get(id: string): Promise<AdminProduct> {
      const row = (await productsById(db, [id])).get(id);
      if (!row) throw notFound();
      return toAdminProduct(db, row);
    },

    /** `actor`: the admin's e-mail, for the stock ledger. */
    async create(
      fields: AdminProductFields,
      files: readonly Buffer[],
      actor: string,
    ): Promise<AdminProduct> {
      if (files.length === 0) throw new AppError('invalid_data', M.noImage);
      if (files.length > LIMITS.productImagesMax)
        throw new AppError('invalid_data', M.tooManyImages);
      const { stock, ...productFields } = fields;
      refuseMrpBelowPrice(productFields.price, productFields.mrp ?? null);
      const images = await prepareAll(files);
      const row = await withStoredImages(images, () =>
        write(async (tx) => {
          const inserted = await insertProduct(tx, {
            ...productFields,
            mrp: productFields.mrp ?? null,
            hsn: productFields.hsn ?? HSN_BY_CATEGORY[productFields.category],
            images: images.map((i) => i.url),
            createdAt: clock.now(),
          });
          // Sizes without an entry start at 0 units.
          if (stock) await setOnHand(tx, inserted, stock, actor);
          return inserted;
        }),
      );
      return toAdminProduct(db, row);
    },

    async update(id: string, patch: AdminProductUpdate, actor: string): Promise<AdminProduct> {
      let counts: CountsChange = 'all';
      const row = await write(
        async (tx) => {
          const current = await findLiveProduct(tx, id, { forUpdate: true });
          if (!current) throw notFound();
          counts = countsChangeOfEdit(current, patch);
          refuseMrpBelowPrice(
            patch.price ?? current.price,
            patch.mrp === undefined ? current.mrp : patch.mrp,
          );
          // Keeping or reordering only: a URL of someone else's picture cannot be slipped in.
          if (
            patch.images &&
            (new Set(patch.images).size !== patch.images.length ||
              patch.images.some((url) => !current.images.includes(url)))
          )
            throw new AppError('invalid_data', M.keepImages);
          const { images, stock, ...fields } = patch;
          const newHsn = hsnAfter(current, patch);
          const set = {
            ...fields,
            ...(images ? { images } : {}),
            ...(newHsn === undefined ? {} : { hsn: newHsn }),
          };
          const updated = Object.values(set).some((v) => v !== undefined)
            ? await updateLiveProduct(tx, id, set)
            : current;
          // Sizes left out keep their units; the sizes checked are the product's after this edit.
          if (updated && stock) await setOnHand(tx, updated, stock, actor);
          return updated;
        },
        () => counts,
      );
      if (!row) throw notFound();
      return toAdminProduct(db, row);
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
      return toAdminProduct(db, row);
    },

    /**
     * Soft-deletes the product; its units no unpaid order holds leave on hand ('product_deleted'),
     * and those still held leave as their holds end (docs/decisions/110).
     */
    async remove(id: string, actor: string): Promise<void> {
      const row = await write(async (tx) => {
        const deleted = await softDeleteProduct(tx, id, clock.now());
        if (deleted) await writeOffProduct(tx, id, actor);
        return deleted;
      });
      if (!row) throw notFound();
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

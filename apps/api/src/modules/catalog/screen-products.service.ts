import {
  HOME_BESTSELLER_COUNT,
  HOME_LATEST_COUNT,
  RELATED_PRODUCTS_COUNT,
} from '@vastra/shared/constants';
import { productSchema, type Product } from '@vastra/shared/schemas/product';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import { AppError } from '../../lib/app-error';
import { shownStockOf } from '../stock/stock.service';
import { toProduct } from './catalog.service';
import {
  readBestRated,
  readLiveByIds,
  readLiveProduct,
  readMostDiscounted,
  readMostSold,
  readNewest,
  readRelated,
} from './screen-products.repository';

/*
 * The products each screen shows, asked of PostgreSQL rather than taken from the whole list
 * (docs/decisions/146-screens-ask-for-what-they-show.md): the home page's rows, the product page
 * and its related row, a cart's lines. Stock is read afresh for the few products answered, as
 * the collection's page does (docs/decisions/139-catalogue-query.md); nothing here reads or
 * builds the product list's snapshot.
 */

/** Rows in the list's Product shape with their shown stock; a row the schema refuses is left out. */
async function shown(db: Database, rows: readonly ProductRow[]): Promise<Product[]> {
  const stock = await shownStockOf(
    db,
    rows.map((r) => r.id),
  );
  const answered: Product[] = [];
  for (const row of rows) {
    const units = stock.get(row.id);
    const parsed = productSchema.safeParse({
      ...toProduct(row),
      stock: Object.fromEntries(row.sizes.map((size) => [size, units?.[size] ?? 0])),
    });
    if (parsed.success) answered.push(parsed.data);
  }
  return answered;
}

/** The rows of `ids`, in that order (ids of products no longer live are skipped). */
async function inOrder(db: Database, ids: readonly string[]): Promise<ProductRow[]> {
  const byId = new Map((await readLiveByIds(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ScreenProducts {
  /** One live product; 404 when it is unknown or deleted. */
  product(id: string): Promise<Product>;
  latest(count?: number): Promise<Product[]>;
  bestsellers(count?: number): Promise<Product[]>;
  related(id: string): Promise<Product[]>;
  byIds(ids: readonly string[]): Promise<Product[]>;
}

export function createScreenProducts(deps: { db: Database }): ScreenProducts {
  const { db } = deps;

  async function liveRow(id: string): Promise<ProductRow> {
    const row = await readLiveProduct(db, id);
    if (!row) throw new AppError('not_found', 'Product not found');
    return row;
  }

  return {
    async product(id) {
      const [product] = await shown(db, [await liveRow(id)]);
      if (!product) throw new AppError('not_found', 'Product not found');
      return product;
    },
    async latest(count = HOME_LATEST_COUNT) {
      return shown(db, await readNewest(db, count));
    },
    /**
     * docs/architecture.md §4.7 as amended by decision 146: the products with most units sold,
     * then — never one of the home page's latest row, which the shop without sales would
     * otherwise repeat — the best rated, then the most discounted. Only a shop too small to fill
     * the row otherwise gets products of the latest row, the most discounted first.
     */
    async bestsellers(count = HOME_BESTSELLER_COUNT) {
      const chosen = await readMostSold(db, count);
      const latest = (await readNewest(db, HOME_LATEST_COUNT)).map((row) => row.id);
      const fill = async (
        read: (excluded: string[], limit: number) => Promise<string[]>,
        excluded: string[],
      ) => {
        if (chosen.length < count) chosen.push(...(await read(excluded, count - chosen.length)));
      };
      await fill((ex, n) => readBestRated(db, ex, n), [...chosen, ...latest]);
      await fill((ex, n) => readMostDiscounted(db, ex, n), [...chosen, ...latest]);
      await fill((ex, n) => readMostDiscounted(db, ex, n), [...chosen]);
      return shown(db, await inOrder(db, chosen));
    },
    async related(id) {
      return shown(db, await readRelated(db, await liveRow(id), RELATED_PRODUCTS_COUNT));
    },
    async byIds(ids) {
      return shown(db, await inOrder(db, ids));
    },
  };
}

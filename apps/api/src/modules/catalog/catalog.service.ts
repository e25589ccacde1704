import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { productSchema, type Product } from '@vastra/shared/schemas/product';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import { AppError } from '../../lib/app-error';
import { listActiveProducts, readProductsByIds } from './catalog.repository';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';
import type { ShownStock, StockView } from '../stock/stock.service';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** NOTIFY channel: any process that writes products announces it, every process drops its cache. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';
/** While LISTEN is down no change is announced to us: the snapshot then lives this long (decision 096). */
export const CATALOG_UNWATCHED_TTL_MS = 3_000;

/** A product as listed, before its stock is added (the catalogue snapshot keeps these). */
type ListedProduct = Omit<Product, 'stock'>;
const listedProductSchema = productSchema.omit({ stock: true });

/** The product list, serialised once and pre-compressed, ready to be written to the socket. */
export interface CatalogSnapshot {
  readonly json: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly products: readonly Product[];
  readonly byId: ReadonlyMap<string, Product>;
}

export function toProduct(row: ProductRow): ListedProduct {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    mrp: row.mrp,
    image: row.images,
    category: row.category as Product['category'],
    subCategory: row.subCategory as Product['subCategory'],
    sizes: row.sizes,
    date: row.createdAt.getTime(),
  };
}

/** Every size of the product with its shown units; a size without a stock row is sold out. */
function withStock(product: ListedProduct, shown: ShownStock): Product {
  const sizes = shown.byProduct.get(product._id);
  const stock: Record<string, number> = {};
  for (const size of product.sizes) stock[size] = sizes?.[size] ?? 0;
  return { ...product, stock };
}

/**
 * The products of `ids` as the database has them now, by id, soft-deleted ones included (`deletedAt`
 * set): what the cart and the checkout read of a product, inside their own transaction when `db`
 * is one. Not the cached list, which may lag a write by a notification.
 */
export async function productsById(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ProductRow>> {
  const rows = await readProductsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

export interface CatalogService {
  /** The snapshot if it is built; lets the list route answer without awaiting anything. */
  peekSnapshot(): CatalogSnapshot | undefined;
  snapshot(): Promise<CatalogSnapshot>;
  getProduct(id: string): Promise<Product>;
  /** Drops this process's cache; writes call `announceChange` so every process does it. */
  invalidate(): void;
  /**
   * Whether this process's LISTEN connection is up. Either change drops the cache (changes may
   * have been missed); while it is down the snapshot expires after CATALOG_UNWATCHED_TTL_MS.
   */
  setListening(listening: boolean): void;
  /** To be run inside a write's transaction: tells every process (this one included) to drop its cache. */
  announceChange(tx: Pick<Database, 'execute'>): Promise<void>;
}

/** The products as listed, the stock version they were combined with, and the answer. */
interface Combined {
  readonly listed: readonly ListedProduct[];
  readonly stockVersion: number;
  readonly snapshot: CatalogSnapshot;
}

export function createCatalogService(deps: {
  db: Database;
  log: Logger;
  /** The shoppers' availability map (the stock module), added to every product answered. */
  stock: Pick<StockView, 'peek' | 'load'>;
}): CatalogService {
  const { db, log, stock } = deps;
  let ready: readonly ListedProduct[] | undefined;
  let readySince = 0;
  let pending: Promise<readonly ListedProduct[]> | undefined;
  let listening = true;
  let combined: Combined | undefined;
  let combining:
    { listed: readonly ListedProduct[]; version: number; done: Promise<Combined> } | undefined;

  /** The product rows, unless LISTEN is down and they are older than they may be without notifications. */
  function current(): readonly ListedProduct[] | undefined {
    if (ready && !listening && Date.now() - readySince > CATALOG_UNWATCHED_TTL_MS)
      ready = undefined;
    return ready;
  }

  function invalidate(): void {
    shopMetrics.catalogInvalidations.inc();
    ready = undefined;
    pending = undefined;
  }

  async function build(): Promise<readonly ListedProduct[]> {
    const rows = await listActiveProducts(db);
    const list: ListedProduct[] = [];
    for (const row of rows) {
      const parsed = listedProductSchema.safeParse(toProduct(row));
      // One bad row must not take the whole shop down: leave it out and say so.
      if (parsed.success) list.push(parsed.data);
      else
        log.warn(
          { productId: row.id, issues: parsed.error.issues },
          'product left out of the list',
        );
    }
    return list;
  }

  /** The list with its stock, serialised and compressed once per (products, shown stock). */
  async function combine(listed: readonly ListedProduct[], shown: ShownStock): Promise<Combined> {
    const products = listed.map((p) => withStock(p, shown));
    const json = Buffer.from(JSON.stringify({ success: true, products }));
    const [br, gz] = await Promise.all([
      brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(json, { level: 9 }),
    ]);
    const snapshot = {
      json,
      br,
      gzip: gz,
      products,
      byId: new Map(products.map((p) => [p._id, p])),
    };
    return { listed, stockVersion: shown.version, snapshot };
  }

  function peekSnapshot(): CatalogSnapshot | undefined {
    const listed = current();
    const shown = stock.peek();
    if (!listed || !shown || !combined) return undefined;
    return combined.listed === listed && combined.stockVersion === shown.version
      ? combined.snapshot
      : undefined;
  }

  async function snapshot(): Promise<CatalogSnapshot> {
    const ready = peekSnapshot();
    if (ready) return ready;
    const [listed, shown] = await Promise.all([productRows(), stock.load()]);
    if (combined?.listed === listed && combined.stockVersion === shown.version)
      return combined.snapshot;
    let job = combining;
    if (job?.listed !== listed || job.version !== shown.version) {
      const done = combine(listed, shown).then((made) => {
        // peekSnapshot compares rows and version exactly, so the last one made is always safe.
        combined = made;
        return made;
      });
      const started = { listed, version: shown.version, done };
      combining = job = started;
      done
        .finally(() => {
          if (combining === started) combining = undefined;
        })
        .catch(() => {});
    }
    return (await job.done).snapshot;
  }

  function productRows(): Promise<readonly ListedProduct[]> {
    const fresh = current();
    if (fresh) return Promise.resolve(fresh);
    if (pending) return pending;
    // Its age counts from before the query: a change during the build is not older than it.
    const startedAt = Date.now();
    const attempt = build().then(
      (built) => {
        // An invalidation during the build cleared `pending`: then this snapshot may be stale.
        if (pending === attempt) {
          ready = built;
          readySince = startedAt;
          pending = undefined;
        }
        return built;
      },
      (error: unknown) => {
        if (pending === attempt) pending = undefined;
        throw error;
      },
    );
    pending = attempt;
    return attempt;
  }

  return {
    peekSnapshot,
    snapshot,
    async getProduct(id) {
      const product = (await snapshot()).byId.get(id);
      if (!product) throw new AppError('not_found', 'Product not found');
      return product;
    },
    invalidate,
    setListening(value) {
      if (value === listening) return;
      listening = value;
      invalidate();
      if (value) log.info?.({}, 'catalogue: LISTEN is back, list reloaded');
      else
        log.warn(
          { ttlMs: CATALOG_UNWATCHED_TTL_MS },
          'catalogue: LISTEN lost, list re-read every few seconds until it is back',
        );
    },
    async announceChange(tx) {
      await tx.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    },
  };
}

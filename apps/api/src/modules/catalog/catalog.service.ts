import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { productSchema, type Product } from '@vastra/shared/schemas/product';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import { AppError } from '../../lib/app-error';
import { listActiveProducts } from './catalog.repository';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** NOTIFY channel: any process that writes products announces it, every process drops its cache. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** The product list, serialised once and pre-compressed, ready to be written to the socket. */
export interface CatalogSnapshot {
  readonly json: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly products: readonly Product[];
  readonly byId: ReadonlyMap<string, Product>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    image: row.images,
    category: row.category as Product['category'],
    subCategory: row.subCategory as Product['subCategory'],
    sizes: row.sizes,
    date: row.createdAt.getTime(),
  };
}

export interface CatalogService {
  /** The snapshot if it is built; lets the list route answer without awaiting anything. */
  peekSnapshot(): CatalogSnapshot | undefined;
  snapshot(): Promise<CatalogSnapshot>;
  getProduct(id: string): Promise<Product>;
  /** Drops this process's cache; writes call `announceChange` so every process does it. */
  invalidate(): void;
  /** To be run inside a write's transaction: tells every process (this one included) to drop its cache. */
  announceChange(tx: Pick<Database, 'execute'>): Promise<void>;
}

/**
 * The product list is read on every page, and a PGlite query costs about a millisecond, so the
 * service keeps the serialised answer in memory. It is correct across processes because writes
 * NOTIFY and every process LISTENs (see DatabaseHandle.listen); PostgreSQL and PGlite both deliver it.
 */
export function createCatalogService(deps: { db: Database; log: Logger }): CatalogService {
  const { db, log } = deps;
  let ready: CatalogSnapshot | undefined;
  let pending: Promise<CatalogSnapshot> | undefined;

  async function build(): Promise<CatalogSnapshot> {
    const rows = await listActiveProducts(db);
    const list: Product[] = [];
    for (const row of rows) {
      const parsed = productSchema.safeParse(toProduct(row));
      // One bad row must not take the whole shop down: leave it out and say so.
      if (parsed.success) list.push(parsed.data);
      else
        log.warn(
          { productId: row.id, issues: parsed.error.issues },
          'product left out of the list',
        );
    }
    const json = Buffer.from(JSON.stringify({ success: true, products: list }));
    const [br, gz] = await Promise.all([
      brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(json, { level: 9 }),
    ]);
    return {
      json,
      br,
      gzip: gz,
      products: list,
      byId: new Map(list.map((p) => [p._id, p])),
    };
  }

  function snapshot(): Promise<CatalogSnapshot> {
    if (ready) return Promise.resolve(ready);
    if (pending) return pending;
    const attempt = build().then(
      (built) => {
        // An invalidation during the build cleared `pending`: then this snapshot may be stale.
        if (pending === attempt) {
          ready = built;
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
    peekSnapshot: () => ready,
    snapshot,
    async getProduct(id) {
      const product = (await snapshot()).byId.get(id);
      if (!product) throw new AppError('not_found', 'Product not found');
      return product;
    },
    invalidate() {
      ready = undefined;
      pending = undefined;
    },
    async announceChange(tx) {
      await tx.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    },
  };
}

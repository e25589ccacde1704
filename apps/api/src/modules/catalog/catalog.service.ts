import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { productSchema, type Product } from '@vastra/shared/schemas/product';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import {
  listActiveProductsSlice,
  readProductsByIds,
  type ListPosition,
} from './catalog.repository';
import { joinInSlices } from '../../lib/join-in-slices';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';
import type { ShownStock, StockView } from '../stock/stock.service';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** NOTIFY channel: any process that writes products announces it, every process drops its cache. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';
/**
 * One product's price before and after a write. `product` and `xid` (the writing transaction's
 * id, added by PostgreSQL to the NOTIFY payload) let a process add the move to the counts it keeps
 * instead of reading them again (docs/decisions/164-price-moves-are-added-to-the-counts.md).
 */
export interface PriceMove {
  from: number;
  to: number;
  product?: string;
  xid?: string;
}
/**
 * What a product write changed, as far as the catalogue query's counts go
 * (docs/decisions/155-counts-read-again-only-when-they-can-change.md): prices, text (name,
 * description), both, or anything else (`'all'`). A price change cannot move the counts of a query
 * without a price bound, nor a text change those of a query without search words; a stock change
 * never ages counts (COUNTS_TTL_MS). A price change that says how one product's price moved
 * moves only the counts of queries whose price range it enters or leaves
 * (docs/decisions/161-price-moves-read-again-only-the-ranges-they-cross.md); `true` is any
 * price change.
 */
export type CountsChange = 'all' | { prices: boolean | PriceMove; text: boolean };
const COUNTS_PAYLOAD = 'counts:';
/** `prices:1299>999:<product id>`: one product's price moved from ₹1,299 to ₹999. */
const PRICE_MOVE_PART =
  /^prices:(\d{1,9})>(\d{1,9})(?::([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?$/;
/** `xid:748`: the writing transaction, as `pg_current_xact_id()` gives it (announceChange). */
const XID_PART = /^xid:(\d{1,20})$/;

/**
 * The NOTIFY payload of a product change: none for `'all'`, `counts:prices,text` and the like.
 * For a move that names its product, announceChange adds the transaction's `,xid:…` part in SQL.
 */
export function countsPayloadOf(change: CountsChange): string | undefined {
  if (change === 'all') return undefined;
  const { prices } = change;
  const pricePart =
    prices === false
      ? ''
      : prices === true
        ? 'prices'
        : `prices:${prices.from}>${prices.to}${prices.product ? `:${prices.product}` : ''}`;
  const parts = [pricePart, change.text ? 'text' : ''].filter(Boolean);
  return COUNTS_PAYLOAD + parts.join(',');
}

/** What a product change's NOTIFY payload says changed: anything unknown is `'all'`. */
export function countsChangeOf(payload: string | undefined): CountsChange {
  if (!payload?.startsWith(COUNTS_PAYLOAD)) return 'all';
  let prices: boolean | PriceMove = false;
  let text = false;
  let xid: string | undefined;
  for (const part of payload.slice(COUNTS_PAYLOAD.length).split(',')) {
    const move = PRICE_MOVE_PART.exec(part);
    const writer = XID_PART.exec(part);
    if (move)
      prices = {
        from: Number(move[1]),
        to: Number(move[2]),
        ...(move[3] ? { product: move[3] } : {}),
      };
    else if (writer) xid = writer[1];
    else if (part === 'prices') prices = true;
    else if (part === 'text') text = true;
    else if (part !== '') return 'all';
  }
  if (typeof prices === 'object' && xid !== undefined) prices = { ...prices, xid };
  return { prices, text };
}

/** While LISTEN is down no change is announced to us: the snapshot then lives this long (decision 096). */
export const CATALOG_UNWATCHED_TTL_MS = 3_000;

/**
 * The snapshot's rows are read this many products at a time (docs/decisions/139-catalogue-query.md,
 * 150): at 100,000 products one query would hold a connection and the memory of every row at once.
 */
const SNAPSHOT_SLICE = 1_000;
/**
 * …and checked, stocked and serialised this many at a time, letting other requests run in between.
 * A request takes several turns of the event loop (its queries, its answer), and each turn waits
 * for the slice under way. During a rebuild at 100,000 products, slices of 1,000 held requests up
 * to 170 ms; slices of 100, up to about 70 ms, the rest being two cores shared
 * (docs/decisions/157-list-rebuild-in-small-slices.md).
 */
const WORK_SLICE = 100;
/**
 * The list is compressed at the best levels (gzip 9, brotli 9) while it is small (a few hundred
 * products); past this size at gzip 6 and brotli 5, several times faster for a few per cent more
 * bytes, so the rebuild after a change at 100,000 products (50 MB of JSON) is not seconds of a
 * core taken from the shoppers' requests (docs/decisions/150, 153).
 */
const BEST_COMPRESSION_UP_TO_BYTES = 1_000_000;

/** A product as listed, before its stock is added (the catalogue snapshot keeps these). */
type ListedProduct = Omit<Product, 'stock'>;
const listedProductSchema = productSchema.omit({ stock: true });

/** The product list, serialised once and pre-compressed, ready to be written to the socket. */
export interface CatalogSnapshot {
  readonly json: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
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
  /** Builds the snapshot in the background (a failure is logged). */
  warmUp(): void;
  /** Drops this process's cache; writes call `announceChange` so every process does it. */
  invalidate(): void;
  /**
   * Whether this process's LISTEN connection is up. Either change drops the cache (changes may
   * have been missed); while it is down the snapshot expires after CATALOG_UNWATCHED_TTL_MS.
   */
  setListening(listening: boolean): void;
  /**
   * To be run inside a write's transaction: tells every process (this one included) to drop its
   * cache, and which counts of the catalogue query the write may have moved (`'all'` unless said).
   */
  announceChange(tx: Pick<Database, 'execute'>, change?: CountsChange): Promise<void>;
  /**
   * Calls `listener` whenever this process drops its cache, so caches built from products (the
   * product pages' share tags, decision 141) drop theirs at the same moments.
   */
  onInvalidate(listener: () => void): void;
  /** Whether changes are heard (LISTEN is up); while not, such caches must expire on their own. */
  isListening(): boolean;
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
  const invalidationListeners: (() => void)[] = [];

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
    for (const listener of invalidationListeners) listener();
  }

  async function build(): Promise<readonly ListedProduct[]> {
    const list: ListedProduct[] = [];
    let after: ListPosition | undefined;
    for (;;) {
      const rows = await listActiveProductsSlice(db, after, SNAPSHOT_SLICE);
      for (const [index, row] of rows.entries()) {
        if (index > 0 && index % WORK_SLICE === 0) await yieldToRequests();
        const parsed = listedProductSchema.safeParse(toProduct(row));
        // One bad row must not take the whole shop down: leave it out and say so.
        if (parsed.success) list.push(parsed.data);
        else
          log.warn(
            { productId: row.id, issues: parsed.error.issues },
            'product left out of the list',
          );
      }
      const last = rows.at(-1);
      if (!last || rows.length < SNAPSHOT_SLICE) return list;
      after = { createdKey: last.createdKey, id: last.id };
    }
  }

  /** The list with its stock, serialised and compressed once per (products, shown stock). */
  async function combine(listed: readonly ListedProduct[], shown: ShownStock): Promise<Combined> {
    // `{"success":true,"products":[…]}`, stocked and serialised a slice at a time. Only the bytes
    // are kept: no screen reads products from here (docs/decisions/146), and 100,000 objects
    // kept alive would lengthen every garbage collection.
    const parts: Buffer[] = [Buffer.from('{"success":true,"products":[')];
    for (let from = 0; from < listed.length; from += WORK_SLICE) {
      if (from > 0) {
        await yieldToRequests();
        parts.push(Buffer.from(','));
      }
      const slice = listed.slice(from, from + WORK_SLICE).map((p) => withStock(p, shown));
      parts.push(Buffer.from(JSON.stringify(slice).slice(1, -1)));
    }
    parts.push(Buffer.from(']}'));
    const json = await joinInSlices(parts);
    // One after the other: on a two-core machine both at once would leave requests no core.
    const small = json.length <= BEST_COMPRESSION_UP_TO_BYTES;
    const gz = await gzip(json, { level: small ? 9 : 6 });
    const br = await brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: small ? 9 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    const snapshot = { json, br, gzip: gz };
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
    shopMetrics.catalogListBuilds.inc();
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
    warmUp() {
      snapshot().catch((error: unknown) =>
        log.error({ err: error }, 'catalogue: the product list could not be built'),
      );
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
    async announceChange(tx, change = 'all') {
      const payload = countsPayloadOf(change);
      // Only a move that names its product is added to counts (decision 164): only it needs the
      // transaction, and every other payload stays one that older processes understand.
      const namesProduct =
        change !== 'all' && typeof change.prices === 'object' && change.prices.product;
      await tx.execute(
        payload === undefined
          ? sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`)
          : namesProduct
            ? sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${payload} || ',xid:' || pg_current_xact_id()::text)`
            : sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${payload})`,
      );
    },
    onInvalidate(listener) {
      invalidationListeners.push(listener);
    },
    isListening: () => listening,
  };
}

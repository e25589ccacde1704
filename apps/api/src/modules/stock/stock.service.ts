import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { STOCK_LIMITS, STOCK_MESSAGES, notEnoughMessage } from '@vastra/shared/stock-text';
import type {
  AdminSizeStock,
  LowStockRow,
  StockMovement,
  StockMovementReason,
} from '@vastra/shared/schemas/stock';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { CATALOG_CHANGED_CHANNEL, productsById } from '../catalog/catalog.service';
import {
  availableUnits,
  changeUnits,
  insertMovements,
  lockStockRow,
  readStockSlice,
  readLowStock,
  readMovements,
  readStockOf,
  upsertOnHand,
  writeOffAvailable,
  type NewMovement,
  type StockRow,
} from './stock.repository';

/*
 * Stock per size and the holds of unpaid orders (docs/decisions/110-stock-and-holds.md). This
 * module alone reads and writes product_stock and stock_movements; the cart, the orders and the
 * admin call the functions below, passing their transaction when the change is part of theirs.
 */

/**
 * A stock change committed: `NOTIFY catalog_changed, 'stock'`. It shares the catalogue's channel
 * (one LISTEN connection per process), and its payload tells the listener to drop only the
 * availability map, never the product rows.
 */
export const STOCK_CHANGED_PAYLOAD = 'stock';
/** Stock rows read per query while the availability map is built (4 or so per product). */
const STOCK_READ_SLICE = 5_000;
/** While LISTEN is down the availability map lives this long (as the catalogue's, decision 096). */
const STOCK_UNWATCHED_TTL_MS = 3_000;

/** Units of one size of one product, as an order line has them. */
export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

/** Who moved the units, for the ledger: the admin's e-mail, 'shopper' or 'system'. */
interface StockActor {
  orderId: string | null;
  actor: string;
}

type StockChange = 'release' | 'restock' | 'hold' | 'sell' | 'take';

/** Within one (product, size), units come back before new ones are held. */
const CHANGE_ORDER: Record<StockChange, number> = {
  release: 0,
  restock: 0,
  sell: 1,
  hold: 2,
  take: 3,
};

/** The same size twice in one order is one change of its total. */
function merge(lines: readonly StockLine[]): StockLine[] {
  const byKey = new Map<string, StockLine>();
  for (const line of lines) {
    const k = `${line.productId}\u0000${line.size}`;
    const seen = byKey.get(k);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(k, { ...line });
  }
  return [...byKey.values()].filter((line) => line.quantity > 0);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Views of this process to mark stale at once when a change is written here. */
const localViews = new Set<{ invalidate(): void }>();

/** Tells every process (this one at once) that availability changed; runs in the writer's transaction. */
async function announce(tx: Database): Promise<void> {
  await tx.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}, '${STOCK_CHANGED_PAYLOAD}'`));
  for (const view of localViews) view.invalidate();
}

/**
 * Applies changes in one fixed order — product id, then size — so two transactions never wait on
 * each other's rows in opposite orders (no deadlock). Each is one conditional UPDATE; a hold or a
 * take that finds fewer units available refuses the whole transaction with the size and what is
 * left (STOCK_MESSAGES.notEnough / sizeSoldOut), so nothing of it is written.
 */
async function applyChanges(
  tx: Database,
  changes: {
    kind: StockChange;
    lines: readonly StockLine[];
    who: StockActor;
    /** The ledger's reason when it is not the order's own (a size exchange, a return). */
    reason?: StockMovementReason;
  }[],
  options: { writeOff?: ReadonlySet<string> } = {},
): Promise<void> {
  const steps = changes
    .flatMap(({ kind, lines, who, reason }) =>
      merge(lines).map((line) => ({ kind, line, who, reason })),
    )
    .sort(
      (a, b) =>
        compare(a.line.productId, b.line.productId) ||
        compare(a.line.size, b.line.size) ||
        CHANGE_ORDER[a.kind] - CHANGE_ORDER[b.kind],
    );
  if (steps.length === 0) return;
  const movements: NewMovement[] = [];
  for (const { kind, line, who, reason } of steps) {
    const { productId, size, quantity: q } = line;
    const writeOff = kind === 'release' && (options.writeOff?.has(productId) ?? false);
    const done = await changeUnits(tx, productId, size, q, writeOff ? 'release_write_off' : kind);
    if (!done) {
      // Sell and release move only units the order holds, restock only units it took: failing
      // them is a bug, not a race.
      if (kind === 'sell' || kind === 'release' || kind === 'restock')
        throw new Error(`stock: ${q} units of ${productId}/${size} were not held`);
      const left = await availableUnits(tx, productId, size);
      throw new AppError('conflict', notEnoughMessage(size, Math.max(0, left)));
    }
    type Effect = Pick<NewMovement, 'onHandChange' | 'heldChange' | 'reason'>;
    const effects: Record<StockChange, Effect> = {
      hold: { onHandChange: 0, heldChange: q, reason: 'order_held' },
      take: { onHandChange: -q, heldChange: 0, reason: 'order_sold' },
      sell: { onHandChange: -q, heldChange: -q, reason: 'order_sold' },
      restock: { onHandChange: q, heldChange: 0, reason: 'order_cancelled' },
      release: writeOff
        ? { onHandChange: -q, heldChange: -q, reason: 'product_deleted' }
        : { onHandChange: 0, heldChange: -q, reason: 'hold_released' },
    };
    // A written-off release stays 'product_deleted' whatever released it.
    const change = reason && !writeOff ? { ...effects[kind], reason } : effects[kind];
    movements.push({ productId, size, orderId: who.orderId, actor: who.actor, ...change });
  }
  await insertMovements(tx, movements);
  await announce(tx);
}

/** Products of `lines` the shop has deleted: their released units leave on hand too. */
async function deletedAmong(tx: Database, lines: readonly StockLine[]): Promise<Set<string>> {
  const products = await productsById(
    tx,
    lines.map((l) => l.productId),
  );
  return new Set([...products.values()].filter((p) => p.deletedAt !== null).map((p) => p.id));
}

/** An unpaid online order holds its units (placing it). Refused whole when a size falls short. */
export function holdStock(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'hold', lines, who }]);
}

/** Replaces one order's hold by another's in one ordered pass (a changed checkout). */
export async function replaceHold(
  tx: Database,
  release: readonly StockLine[],
  hold: readonly StockLine[],
  who: { released: StockActor; held: StockActor },
): Promise<void> {
  // Two passes would lock rows out of order; one pass with both kinds keeps the order.
  await applyChanges(
    tx,
    [
      { kind: 'release', lines: release, who: who.released },
      { kind: 'hold', lines: hold, who: who.held },
    ],
    { writeOff: await deletedAmong(tx, release) },
  );
}

/** A paid order's held units are sold. */
export function sellHeldStock(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'sell', lines, who }]);
}

/** Units sold without a hold (cash on delivery, or a payment after the hold ended). */
export function takeStock(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'take', lines, who }]);
}

/** An order's hold ends unpaid: its units are available again (or written off if deleted). */
export async function releaseStock(tx: Database, lines: readonly StockLine[], who: StockActor) {
  const writeOff = await deletedAmong(tx, lines);
  await applyChanges(tx, [{ kind: 'release', lines, who }], { writeOff });
}

/** An order that took its units is cancelled before it left the shop: they are on hand again. */
export function restockStock(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'restock', lines, who }]);
}

// ── Size exchanges and returns (docs/decisions/120-returns-and-exchanges.md) ─────────────────

/**
 * An exchange request keeps the new size's units for itself from the moment it is asked for
 * (held += q while q are available; 'exchange_held'). Refused whole when a size falls short.
 */
export function holdForExchange(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'hold', lines, who, reason: 'exchange_held' }]);
}

/** The exchange is refused: its held units are available again ('exchange_released'). */
export async function releaseExchange(tx: Database, lines: readonly StockLine[], who: StockActor) {
  const writeOff = await deletedAmong(tx, lines);
  await applyChanges(tx, [{ kind: 'release', lines, who, reason: 'exchange_released' }], {
    writeOff,
  });
}

/** The new size leaves the shop: its held units are sold ('exchange_sent'). */
export function sendExchange(tx: Database, lines: readonly StockLine[], who: StockActor) {
  return applyChanges(tx, [{ kind: 'sell', lines, who, reason: 'exchange_sent' }]);
}

/**
 * Returned units reached the warehouse: on hand again ('return_restocked'). A product deleted
 * meanwhile is not for sale, so its units do not come back on hand (as a write-off, decision 110).
 */
export async function restockReturned(tx: Database, lines: readonly StockLine[], who: StockActor) {
  const deleted = await deletedAmong(tx, lines);
  const kept = lines.filter((line) => !deleted.has(line.productId));
  await applyChanges(tx, [{ kind: 'restock', lines: kept, who, reason: 'return_restocked' }]);
}

/** Units a shopper can put in the cart now, for the cart's check. */
export function unitsAvailable(db: Database, productId: string, size: string): Promise<number> {
  return availableUnits(db, productId, size);
}

// ── The owner's stock ─────────────────────────────────────────────────────────────────────────

/**
 * Sets units on hand per size (the admin's edit or a new product), in the caller's transaction.
 * A size the product lacks is a 400; a number below what unpaid orders hold a 409 (belowHeld).
 * Each real change is a ledger row 'admin' by `actor`.
 */
export async function setOnHand(
  tx: Database,
  product: { id: string; sizes: readonly string[] },
  stock: Readonly<Record<string, number>>,
  actor: string,
): Promise<void> {
  const sizes = Object.keys(stock).sort(compare);
  const unknown = sizes.find((size) => !product.sizes.includes(size));
  if (unknown !== undefined)
    throw new AppError('invalid_data', STOCK_MESSAGES.unknownSize(unknown));
  const movements: NewMovement[] = [];
  for (const size of sizes) {
    const onHand = stock[size] ?? 0;
    const before = await lockStockRow(tx, product.id, size);
    const after = await upsertOnHand(tx, product.id, size, onHand);
    if (!after) throw new AppError('conflict', STOCK_MESSAGES.belowHeld(size, before?.held ?? 0));
    const change = onHand - (before?.onHand ?? 0);
    if (change !== 0)
      movements.push({
        productId: product.id,
        size,
        onHandChange: change,
        heldChange: 0,
        reason: 'admin',
        orderId: null,
        actor,
      });
  }
  await insertMovements(tx, movements);
  if (movements.length > 0) await announce(tx);
}

/** A deleted product: units no order holds leave on hand (ledger 'product_deleted'). */
export async function writeOffProduct(tx: Database, productId: string, actor: string) {
  const changed = await writeOffAvailable(tx, productId);
  await insertMovements(
    tx,
    changed.map(({ size, change }) => ({
      productId,
      size,
      onHandChange: change,
      heldChange: 0,
      reason: 'product_deleted' as const,
      orderId: null,
      actor,
    })),
  );
  if (changed.length > 0) await announce(tx);
}

/** Each product's sizes as the owner sees them; every size of `sizes` has an entry. */
export async function adminStockOf(
  db: Database,
  products: readonly { id: string; sizes: readonly string[] }[],
): Promise<Map<string, Record<string, AdminSizeStock>>> {
  const rows = await readStockOf(
    db,
    products.map((p) => p.id),
  );
  const byProduct = new Map<string, Map<string, { onHand: number; held: number }>>();
  for (const row of rows) {
    let sizes = byProduct.get(row.productId);
    if (!sizes) byProduct.set(row.productId, (sizes = new Map()));
    sizes.set(row.size, row);
  }
  return new Map(
    products.map((product) => {
      const sizes = byProduct.get(product.id);
      const stock: Record<string, AdminSizeStock> = {};
      for (const size of product.sizes) {
        const { onHand, held } = sizes?.get(size) ?? { onHand: 0, held: 0 };
        stock[size] = { onHand, held, available: onHand - held };
      }
      return [product.id, stock];
    }),
  );
}

/** The lowest available units of any size of each product (0 for a size without a row). */
export async function lowestAvailable(
  db: Database,
  products: readonly { id: string; sizes: readonly string[] }[],
): Promise<Map<string, number>> {
  const stock = await adminStockOf(db, products);
  return new Map(
    [...stock].map(([id, sizes]) => [
      id,
      Math.min(...Object.values(sizes).map((s) => s.available), Number.MAX_SAFE_INTEGER),
    ]),
  );
}

/** Sizes of products on sale with at most `threshold` available, fewest first, then by name. */
export async function lowStockRows(db: Database, threshold: number): Promise<LowStockRow[]> {
  const rows = await readLowStock(db, threshold);
  const products = await productsById(
    db,
    rows.map((r) => r.productId),
  );
  const list: LowStockRow[] = [];
  for (const row of rows) {
    const product = products.get(row.productId);
    // Sizes the product no longer comes in are not stock the shop can sell.
    if (!product || product.deletedAt !== null || !product.sizes.includes(row.size)) continue;
    list.push({
      productId: product.id,
      name: product.name,
      image: product.images[0] ?? null,
      size: row.size,
      onHand: row.onHand,
      held: row.held,
      available: row.onHand - row.held,
    });
  }
  return list.sort(
    (a, b) =>
      a.available - b.available ||
      a.name.localeCompare(b.name) ||
      compare(a.productId, b.productId) ||
      compare(a.size, b.size),
  );
}

export async function stockMovementsOf(
  db: Database,
  productId: string,
  page: { page: number; pageSize: number },
): Promise<{ movements: StockMovement[]; total: number }> {
  const { rows, total } = await readMovements(db, productId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    total,
    movements: rows.map((row) => ({
      _id: row.id,
      at: row.createdAt.getTime(),
      size: row.size,
      onHandChange: row.onHandChange,
      heldChange: row.heldChange,
      reason: row.reason as StockMovementReason,
      orderId: row.orderId,
      actor: row.actor,
    })),
  };
}

// ── What shoppers see ─────────────────────────────────────────────────────────────────────────

/**
 * The catalogue query's "size in stock" (docs/decisions/139-catalogue-query.md), as SQL for its
 * WHERE: the product (`productId`, a column of the caller's query) has one of `sizes` available
 * (on hand − held > 0). Written here because product_stock is this module's; the partial index
 * product_stock_available_idx answers it without reading stock rows.
 */
export function inStockCondition(productId: SQL, sizes: readonly string[]): SQL {
  return sql`exists (select 1 from product_stock s where s.product_id = ${productId}
    and s.size = any(${sql.param([...sizes])}::text[]) and s.on_hand > s.held)`;
}

/**
 * The in-stock sizes of the products `productIds` selects (SQL returning distinct product ids),
 * counted per size: the catalogue's size counts. `wholeCatalogue`: the ids are every live product
 * (no price bound, no search), where a join reads the in-stock rows once; for fewer products
 * `in` looks each one up. PostgreSQL cannot tell the two apart from a materialised set, and at
 * 100,000 products the lookups took 360–430 ms against 200–240 ms for the join
 * (docs/decisions/155-counts-read-again-only-when-they-can-change.md).
 */
export function inStockSizeCounts(productIds: SQL, { wholeCatalogue = false } = {}): SQL {
  if (wholeCatalogue)
    return sql`select s.size as value, count(*)::int as count from product_stock s
      join (${productIds}) p on p.id = s.product_id where s.on_hand > s.held group by s.size`;
  return sql`select s.size as value, count(*)::int as count from product_stock s
    where s.on_hand > s.held and s.product_id in (${productIds}) group by s.size`;
}

/**
 * Size → units a shopper can buy now, capped as the list shows them, for a few products read
 * afresh (the catalogue query's page; not the availability map, which the list keeps).
 */
export async function shownStockOf(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const byProduct = new Map<string, Record<string, number>>();
  for (const row of await readStockOf(db, productIds)) {
    const sizes = byProduct.get(row.productId) ?? {};
    sizes[row.size] = Math.max(0, Math.min(row.onHand - row.held, STOCK_LIMITS.shownCap));
    byProduct.set(row.productId, sizes);
  }
  return byProduct;
}

/** Size → units a shopper can buy now (capped at STOCK_LIMITS.shownCap), per product. */
export interface ShownStock {
  /** Goes up only when some shown number changed: the product list is re-serialised then only. */
  readonly version: number;
  readonly byProduct: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

export interface StockView {
  /** The map if it is current; lets the product list answer without awaiting anything. */
  peek(): ShownStock | undefined;
  load(): Promise<ShownStock>;
  invalidate(): void;
  /**
   * Calls `listener` whenever the map is dropped (a stock change here or announced by another
   * process), so what was made from shown stock (the product pages, decision 154) is made again.
   */
  onInvalidate(listener: () => void): void;
  /** As the catalogue's: while LISTEN is down the map expires after a few seconds. */
  setListening(listening: boolean): void;
  close(): void;
}

/**
 * The shoppers' availability map, kept apart from the catalogue snapshot (decision 110): stock
 * changes with every order, products rarely. One small query rebuilds it after a change; when
 * no shown number moved (most orders, while more than 10 are left) its version stays, and the
 * catalogue keeps its serialised list.
 */
export function createStockView(deps: { db: Database; log: Logger }): StockView {
  const { db, log } = deps;
  let shown: ShownStock | undefined;
  let shownKey = '';
  let fresh = false;
  let freshSince = 0;
  let generation = 0;
  let pending: Promise<ShownStock> | undefined;
  let listening = true;
  let versions = 0;
  const invalidationListeners: (() => void)[] = [];

  function current(): ShownStock | undefined {
    if (fresh && !listening && Date.now() - freshSince > STOCK_UNWATCHED_TTL_MS) fresh = false;
    return fresh ? shown : undefined;
  }

  /**
   * Reads every stock row a slice at a time, in product and size order, so the map's key (a hash
   * of what it shows) is the same for the same numbers.
   */
  async function build(): Promise<{ byProduct: Map<string, Record<string, number>>; key: string }> {
    const byProduct = new Map<string, Record<string, number>>();
    const hash = createHash('sha256');
    let after: StockRow | undefined;
    for (;;) {
      const rows = await readStockSlice(db, after, STOCK_READ_SLICE);
      for (const row of rows) {
        let sizes = byProduct.get(row.productId);
        if (!sizes) byProduct.set(row.productId, (sizes = {}));
        const units = Math.max(0, Math.min(row.onHand - row.held, STOCK_LIMITS.shownCap));
        sizes[row.size] = units;
        hash.update(`${row.productId} ${row.size} ${units}\n`);
      }
      after = rows.at(-1);
      if (rows.length < STOCK_READ_SLICE) break;
    }
    return { byProduct, key: hash.digest('base64') };
  }

  function load(): Promise<ShownStock> {
    const now = current();
    if (now) return Promise.resolve(now);
    if (pending) return pending;
    const startedGeneration = generation;
    const startedAt = Date.now();
    const attempt = build().then(
      ({ byProduct, key }) => {
        if (pending === attempt) pending = undefined;
        const result: ShownStock =
          shown && key === shownKey ? shown : { version: (versions += 1), byProduct };
        // A change announced during the read: the result may be stale, so it is not kept fresh.
        if (generation === startedGeneration) {
          shown = result;
          shownKey = key;
          fresh = true;
          freshSince = startedAt;
        }
        return result;
      },
      (error: unknown) => {
        if (pending === attempt) pending = undefined;
        throw error;
      },
    );
    pending = attempt;
    return attempt;
  }

  const view: StockView = {
    peek: current,
    load,
    invalidate() {
      generation += 1;
      fresh = false;
      pending = undefined;
      for (const listener of invalidationListeners) listener();
    },
    onInvalidate(listener) {
      invalidationListeners.push(listener);
    },
    setListening(value) {
      if (value === listening) return;
      listening = value;
      view.invalidate();
      if (!value)
        log.warn(
          { ttlMs: STOCK_UNWATCHED_TTL_MS },
          'stock: LISTEN lost, availability re-read every few seconds until it is back',
        );
    },
    close() {
      localViews.delete(view);
    },
  };
  localViews.add(view);
  return view;
}

import type { CatalogueSort } from '@vastra/shared/catalogue-sorts';
import { ALL_SIZES, BRANDS, CATEGORIES } from '@vastra/shared/constants';
import {
  CATALOGUE_QUERY_MESSAGES,
  type CatalogueAnswer,
  type CatalogueItem,
  type CatalogueQuery,
  type FacetCount,
} from '@vastra/shared/schemas/catalogue-query';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { shopMetrics } from '../../lib/metrics';
import { snapshotSaw } from '../../lib/pg-snapshot';
import { shownStockOf } from '../stock/stock.service';
import type { CountsChange, PriceMove } from './catalog.service';
import {
  checkWords,
  keepsPrice,
  normaliseSearch,
  priceBoundsOf,
  readCounts,
  readPage,
  type CatalogueFilter,
  type CountRow,
  type KeysetPosition,
  type PageRow,
} from './catalogue-query.repository';
import {
  oneTypoApart,
  searchTerm,
  searchWords,
  TYPO_MIN_LENGTH,
  type SearchTerm,
} from './catalogue-search-words';

/*
 * GET /api/products (docs/decisions/139-catalogue-query.md): PostgreSQL filters, searches, sorts
 * and counts; this file turns the request into that query and the rows into the answer. It never
 * reads the product list's snapshot, so a product change costs it nothing to rebuild.
 */

/**
 * The counts of a query are read again when they are this old, or when a product changes (every
 * process hears `NOTIFY catalog_changed`). A stock change does not age them: orders would re-read
 * them all day, and a size's "(12)" may lag a sale by this much. Pages are never kept.
 */
export const COUNTS_TTL_MS = 30_000;
/**
 * …or this many times their last read, when that is longer: at 100,000 products the whole
 * catalogue's counts take 0.2–0.5 s of a core, and read again every 30 s they were the largest
 * background load and the slowest moments of the shoppers' queries. Read at most every 500 reads'
 * time, one query's counting takes at most 0.2 % of a core; a size's "(12)" may then lag a sale
 * by a few minutes on such a catalogue, while a product change still re-reads them at once
 * (docs/decisions/158-slow-counts-age-slowly.md).
 */
export const COUNTS_TTL_READS = 500;
/**
 * How long a query waits for its counts to be read again before it answers with the ones it had
 * (docs/decisions/150-counts-never-stall.md): a small catalogue's counts are read well within it,
 * so its answers are exact; at 100,000 products the re-read finishes in the background instead of
 * holding every shopper's request while it runs.
 */
export const COUNTS_WAIT_MS = 25;
/**
 * A query whose last counts read took longer than this does not wait for its re-read at all: it
 * would not end in time, and the wait would only be added to the answer. Twice the wait, so that
 * one slow read of a small catalogue's counts (a busy moment) does not cost its next answer its
 * exact counts (docs/decisions/156-no-wait-for-counts-that-cannot-come-in-time.md).
 */
export const COUNTS_NO_WAIT_AFTER_MS = 2 * COUNTS_WAIT_MS;
/** Distinct queries whose counts are kept; the least recently asked go first. */
const COUNTS_KEPT_MAX = 500;
/**
 * The last price changes remembered, each with how the price moved when its write said so: counts
 * read before older ones are taken as moved by them.
 */
const PRICE_MOVES_KEPT = 1_000;

interface Counts {
  total: number;
  facets: CatalogueAnswer['facets'];
  /** The PostgreSQL snapshot the counts were read in: which writes they saw. */
  snapshot?: string;
}

export interface CatalogueQueryService {
  query(input: CatalogueQuery): Promise<CatalogueAnswer>;
  /**
   * A product changed (this process or another): the kept counts it may have moved are wrong.
   * Each is brought up to date when its query is next asked: a price move by adding one product's
   * part (decision 164), anything else by reading them again (waiting at most COUNTS_WAIT_MS).
   */
  countsChanged(change?: CountsChange): void;
}

// ── Cursor: the sort and the last product's sort key, base64url JSON ────────────────────────

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(sort: CatalogueSort, row: PageRow): string {
  const position = [sort, row.created_key, row.id, ...(row.lead === null ? [] : [row.lead])];
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(cursor: string, sort: CatalogueSort, hasLead: boolean): KeysetPosition {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('invalid_data', CATALOGUE_QUERY_MESSAGES.cursor);
  }
  if (!Array.isArray(position) || position.length < 3)
    throw new AppError('invalid_data', CATALOGUE_QUERY_MESSAGES.cursor);
  const [cursorSort, created, id, lead] = position as unknown[];
  if (cursorSort !== sort) throw new AppError('invalid_data', CATALOGUE_QUERY_MESSAGES.cursorSort);
  const leadOk = hasLead
    ? position.length === 4 && Number.isSafeInteger(lead)
    : position.length === 3;
  if (
    !leadOk ||
    typeof created !== 'string' ||
    !TIMESTAMP.test(created) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  )
    throw new AppError('invalid_data', CATALOGUE_QUERY_MESSAGES.cursor);
  return hasLead ? { created, id, lead: lead as number } : { created, id };
}

// ── Answer ───────────────────────────────────────────────────────────────────────────────────

function toItem(row: PageRow, stock: Map<string, Record<string, number>>): CatalogueItem {
  const units = stock.get(row.id);
  return {
    _id: row.id,
    name: row.name,
    price: row.price,
    mrp: row.mrp,
    image: row.image ?? [],
    category: row.category as CatalogueItem['category'],
    subCategory: row.sub_category as CatalogueItem['subCategory'],
    sizes: row.sizes,
    date: Number(row.date_ms),
    stock: Object.fromEntries(row.sizes.map((size) => [size, units?.[size] ?? 0])),
  };
}

function toCounts(rows: readonly CountRow[]): Counts {
  const counted = (facet: CountRow['facet'], values: readonly string[]): FacetCount[] => {
    const byValue = new Map(rows.filter((r) => r.facet === facet).map((r) => [r.value, r.count]));
    return values.map((value) => ({ value, count: Number(byValue.get(value) ?? 0) }));
  };
  return {
    total: Number(rows.find((r) => r.facet === 'total')?.count ?? 0),
    facets: {
      category: counted('category', CATEGORIES),
      brand: counted('brand', BRANDS),
      size: counted('size', ALL_SIZES),
    },
    snapshot: rows.find((r) => r.facet === 'snapshot')?.value,
  };
}

/**
 * `counts` with one product's part added `times` times (−1: taken away). The part is read now, the
 * counts earlier, and a size's count may lag its stock (COUNTS_TTL_MS): taking away a product
 * that was not counted in a size it has now would leave that size one short, and below 0 when it
 * had none. No count is shown below 0; the next re-read is exact again.
 */
function addPart(counts: Counts, part: Counts, times: number): Counts {
  const add = (facet: readonly FacetCount[], of: readonly FacetCount[]): FacetCount[] =>
    facet.map(({ value, count }, i) => ({
      value,
      count: Math.max(0, count + times * (of[i]?.count ?? 0)),
    }));
  return {
    total: Math.max(0, counts.total + times * part.total),
    facets: {
      category: add(counts.facets.category, part.facets.category),
      brand: add(counts.facets.brand, part.facets.brand),
      size: add(counts.facets.size, part.facets.size),
    },
    snapshot: counts.snapshot,
  };
}

/** A price move that names its product and its transaction: one that can be added (decision 164). */
type KnownMove = PriceMove & Required<Pick<PriceMove, 'product' | 'xid'>>;

/** How many changes of each kind this process has heard: counts read before one are stale. */
interface Changes {
  all: number;
  prices: number;
  text: number;
}

interface KeptCounts {
  /** When, and after which changes, the counts in `settled` began to be read. */
  at: number;
  seen: Changes;
  /** The newest counts read; undefined until the first read ends. */
  settled?: Counts;
  /** A read under way. */
  reading?: Promise<Counts>;
  /**
   * Price moves being added to the counts `base` (decision 164): one product's row each, quick.
   * `counts` never rejects: a failed addition answers `base`.
   */
  adding?: { base: Counts; counts: Promise<Counts> };
  /** How long the last read took, from its statement's start to its answer. */
  readMs?: number;
}

export function createCatalogueQueryService(deps: {
  db: Database;
  log?: Pick<Logger, 'warn'>;
  /**
   * Re-reads (a request waits for one at most COUNTS_WAIT_MS, then answers with the counts it had)
   * run without PostgreSQL's parallel workers, so they leave the other cores to the shoppers'
   * queries (docs/decisions/153-list-rebuilds-only-for-the-list.md). A first read, which its
   * request waits for in full, keeps them.
   */
  backgroundOnOneCore?: boolean;
}): CatalogueQueryService {
  const { db, log, backgroundOnOneCore = false } = deps;
  const kept = new Map<string, KeptCounts>();
  // Counts read before a change that can move them was announced are read again after it.
  const changes: Changes = { all: 0, prices: 0, text: 0 };
  /** The price changes heard, oldest first: `n` is `changes.prices` once it was counted. */
  const priceMoves: { n: number; move?: PriceMove }[] = [];
  /** Whether a change heard since `seen` can have added or removed a product's words. */
  const wordsChangedSince = (seen: Changes) =>
    seen.all !== changes.all || seen.text !== changes.text;
  /**
   * What brings counts read after the `seen` changes up to date for `filter`: nothing, adding the
   * price moves in `moves` (decision 164), or reading them again (`'read'`; decision 155). A price
   * change can move a bounded query's counts only by taking its product into or out of the bounds,
   * for nothing else about the product changed with it (decision 161); one that does not say
   * which product, or in which transaction, is read again, as is any older than those kept.
   */
  const catchUp = (seen: Changes, filter: CatalogueFilter): 'read' | { moves: KnownMove[] } => {
    if (seen.all !== changes.all) return 'read';
    if (filter.terms.length > 0 && wordsChangedSince(seen)) return 'read';
    const bounded = Object.keys(priceBoundsOf(filter)).length > 0;
    if (!bounded || seen.prices === changes.prices) return { moves: [] };
    const oldestKept = priceMoves[0]?.n ?? changes.prices + 1;
    if (oldestKept > seen.prices + 1) return 'read';
    const moves = [];
    for (const { n, move } of priceMoves) {
      if (
        n <= seen.prices ||
        (move && keepsPrice(filter, move.from) === keepsPrice(filter, move.to))
      )
        continue;
      if (!move?.product || !move.xid) return 'read';
      moves.push({ ...move, product: move.product, xid: move.xid });
    }
    return { moves };
  };
  /**
   * The last background re-read asked for: the next one starts when it ends. After a change every
   * query's counts are stale at once; read all together they would take every core from the
   * shoppers' own queries (docs/decisions/155-counts-read-again-only-when-they-can-change.md).
   */
  let lastReRead: Promise<unknown> = Promise.resolve();

  /**
   * Reads the counts into `entry`; a failure leaves what it had (and the next request asks again).
   * A re-read (the entry has counts to answer with meanwhile) is background work, run after the
   * re-reads asked before it.
   */
  function readInto(key: string, entry: KeptCounts, filter: CatalogueFilter): Promise<Counts> {
    // Taken when asked: a change announced while it waits its turn makes it stale again.
    const startedAt = Date.now();
    const seen = { ...changes };
    const background = entry.settled !== undefined;
    shopMetrics.catalogueCountReads.inc({ read: background ? 'again' : 'first' });
    // Timed from the statement's start, not from the request: a re-read may wait its turn first.
    let readMs = 0;
    const read = async () => {
      const begun = performance.now();
      const rows = await readCounts(db, filter, { oneCore: backgroundOnOneCore && background });
      readMs = performance.now() - begun;
      return toCounts(rows);
    };
    const reading = background ? lastReRead.then(read) : read();
    if (background) lastReRead = reading.catch(() => undefined);
    entry.reading = reading;
    // Neither handler throws, so the chain ends settled: no rejection is left unhandled.
    void reading
      .then(
        (counts) => {
          Object.assign(entry, { settled: counts, at: startedAt, seen, readMs });
        },
        (error: unknown) => {
          if (!entry.settled && kept.get(key) === entry) kept.delete(key);
          else log?.warn({ err: error }, 'catalogue: counts could not be read again');
        },
      )
      .finally(() => {
        if (entry.reading === reading) entry.reading = undefined;
      });
    return reading;
  }

  /**
   * Adds to `entry`'s counts the part of each product a price move took into its query's bounds,
   * and takes away that of each it took out (decision 164). A move the counts' own snapshot saw
   * is in them already. The product's part is read as it is now, its price aside. Any other change
   * to its row since the counts were read (name, category, brand, deletion) reads them again once
   * it is heard; until then the part may already show it. If the addition fails, the counts it
   * had answer and they are read again.
   */
  function addMovesInto(
    key: string,
    entry: KeptCounts,
    filter: CatalogueFilter,
    moves: readonly KnownMove[],
  ): Promise<Counts> {
    const base = entry.settled!;
    const upTo = changes.prices;
    const added = (async () => {
      const net = new Map<string, number>();
      for (const move of moves) {
        const seenAlready = base.snapshot ? snapshotSaw(base.snapshot, move.xid) : undefined;
        if (seenAlready === undefined) throw new Error('counts read without a snapshot');
        if (seenAlready) continue;
        const times = keepsPrice(filter, move.to) ? 1 : -1;
        net.set(move.product, (net.get(move.product) ?? 0) + times);
      }
      let counts = base;
      for (const [product, times] of net) {
        if (times === 0) continue;
        shopMetrics.catalogueCountReads.inc({ read: 'moved' });
        counts = addPart(counts, toCounts(await readCounts(db, filter, { product })), times);
      }
      return counts;
    })();
    // Answered with the counts it had meanwhile, as while any re-read runs (decision 150).
    const counts = added.then(
      (sum) => {
        // Unless a re-read replaced them meanwhile: its counts say for themselves which moves
        // they saw (their snapshot), and the next request adds the others to them.
        if (entry.settled === base)
          Object.assign(entry, { settled: sum, seen: { ...entry.seen, prices: upTo } });
        return sum;
      },
      (error: unknown) => {
        log?.warn({ err: error }, 'catalogue: a price move could not be added');
        if (!entry.reading) void readInto(key, entry, filter);
        return base;
      },
    );
    const adding = { base, counts };
    entry.adding = adding;
    void counts.finally(() => {
      if (entry.adding === adding) entry.adding = undefined;
    });
    return counts;
  }

  function countsOf(filter: CatalogueFilter): Promise<Counts> {
    const key = JSON.stringify(filter);
    let entry = kept.get(key);
    if (entry) kept.delete(key);
    else entry = { at: 0, seen: { all: -1, prices: -1, text: -1 } };
    // The most recently asked stay longest.
    kept.set(key, entry);
    if (kept.size > COUNTS_KEPT_MAX) kept.delete(kept.keys().next().value as string);

    const { settled } = entry;
    const lives = Math.max(COUNTS_TTL_MS, COUNTS_TTL_READS * (entry.readMs ?? 0));
    const next = settled && Date.now() - entry.at < lives ? catchUp(entry.seen, filter) : 'read';
    if (settled && next !== 'read') {
      if (next.moves.length === 0) return Promise.resolve(settled);
      // A product's row, read by its id: a request waits for it as for the page itself.
      // An addition under way to older counts (a re-read has replaced them) is not this one.
      if (entry.adding?.base === settled) return entry.adding.counts;
      return addMovesInto(key, entry, filter, next.moves);
    }
    const reading = entry.reading ?? readInto(key, entry, filter);
    // Nothing older to show: this request waits for the first counts.
    if (!settled) return reading;
    // The last read took far longer than the wait: this one would not come in time either.
    if ((entry.readMs ?? 0) > COUNTS_NO_WAIT_AFTER_MS) return Promise.resolve(settled);
    return Promise.race([
      reading.catch(() => settled),
      new Promise<Counts>((resolve) => setTimeout(() => resolve(settled), COUNTS_WAIT_MS)),
    ]);
  }

  /** Each search word, corrected when no product has a word starting with it. */
  async function readSearchTerms(text: string): Promise<SearchTerm[]> {
    const words = searchWords(await normaliseSearch(db, text));
    const checks = new Map((await checkWords(db, words)).map((c) => [c.word, c]));
    return words.map((word) => {
      const check = checks.get(word);
      if (check?.known !== false || word.length < TYPO_MIN_LENGTH) return searchTerm([word]);
      const corrected = check.near.filter((near) => oneTypoApart(near, word));
      return searchTerm(corrected.length > 0 ? corrected : [word]);
    });
  }

  /**
   * `readSearchTerms`, kept per search text until a product change can alter them (a new word, a
   * word gone: the same changes that age a searched query's counts): a shopper paging or
   * filtering a search asks PostgreSQL for the page alone (decision 155).
   */
  const termsKept = new Map<string, { seen: Changes; terms: Promise<SearchTerm[]> }>();
  function searchTermsOf(text: string | undefined): Promise<SearchTerm[]> {
    if (!text?.trim()) return Promise.resolve([]);
    const found = termsKept.get(text);
    termsKept.delete(text);
    if (found && !wordsChangedSince(found.seen)) {
      termsKept.set(text, found);
      return found.terms;
    }
    const entry = { seen: { ...changes }, terms: readSearchTerms(text) };
    // A failed read is not kept: the next request reads again.
    entry.terms.catch(() => {
      if (termsKept.get(text) === entry) termsKept.delete(text);
    });
    termsKept.set(text, entry);
    if (termsKept.size > COUNTS_KEPT_MAX) termsKept.delete(termsKept.keys().next().value as string);
    return entry.terms;
  }

  return {
    async query(input) {
      const terms = await searchTermsOf(input.q);
      const filter: CatalogueFilter = {
        categories: input.category ?? [],
        brands: input.brand ?? [],
        sizes: input.size ?? [],
        maxPrice: input.maxPrice,
        minPrice: input.minPrice,
        terms,
      };
      const hasLead = input.sort !== 'new' && (input.sort !== 'relevant' || terms.length > 0);
      const after = input.cursor ? decodeCursor(input.cursor, input.sort, hasLead) : undefined;
      const [rows, counts] = await Promise.all([
        readPage(db, filter, input.sort, after, input.limit),
        countsOf(filter),
      ]);
      const page = rows.slice(0, input.limit);
      const stock = await shownStockOf(
        db,
        page.map((r) => r.id),
      );
      const last = page.at(-1);
      return {
        success: true,
        products: page.map((row) => toItem(row, stock)),
        total: counts.total,
        nextCursor: rows.length > input.limit && last ? encodeCursor(input.sort, last) : null,
        facets: counts.facets,
        searchedFor: terms.flatMap((t) => t.literal),
      };
    },
    countsChanged(change = 'all') {
      if (change === 'all') changes.all += 1;
      else {
        if (change.prices !== false) {
          changes.prices += 1;
          const move = change.prices === true ? undefined : change.prices;
          priceMoves.push({ n: changes.prices, move });
          if (priceMoves.length > PRICE_MOVES_KEPT) priceMoves.shift();
        }
        if (change.text) changes.text += 1;
      }
    },
  };
}

import { describe, expect, it, vi } from 'vitest';
import { PRICE_FILTER } from '@vastra/shared/constants';
import { catalogueQuerySchema, type CatalogueAnswer } from '@vastra/shared/schemas/catalogue-query';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProductRow } from '../../db/schema/products';
import { shopMetrics } from '../../lib/metrics';
import { insertProducts, loggedInAdmin } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import {
  COUNTS_TTL_MS,
  COUNTS_TTL_READS,
  createCatalogueQueryService,
} from './catalogue-query.service';

// After a product change, a query's counts are read again; a query waits at most COUNTS_WAIT_MS
// for them and otherwise answers with the counts it had (docs/decisions/150-counts-never-stall.md).
// The database here is the real one; only the counts statement is slowed, to stand for a count over
// 100,000 products, so the test can see which counts answer while the new ones are read.

const t = useTestApp({ reset: true });

const SLOW_COUNTS_MS = 600;

/** The connection's `max_parallel_workers_per_gather` now (in a transaction: that transaction's). */
async function parallelWorkersOf(executor: Pick<Database, 'execute'>): Promise<string> {
  const result = (await executor.execute(
    sql`select current_setting('max_parallel_workers_per_gather') as workers`,
  )) as unknown as { rows: { workers: string }[] };
  return result.rows[0]!.workers;
}

/** How one run of the counts statement went: in a transaction or not, with which setting. */
interface CountsRun {
  inTransaction: boolean;
  parallelWorkers: string;
}

/**
 * The test database, watching the counts statement (the one with `with m as materialized`),
 * in a transaction or not: slowed while `slow.on`, and each run recorded. The setting is read just
 * before the statement, through the same executor: in a transaction, on its connection.
 */
function watchedCounts(db: Database): {
  db: Database;
  slow: { on: boolean };
  runs: CountsRun[];
  /** The most counts statements under way at one moment, since the test last set it to 0. */
  atOnce: { most: number };
  /**
   * Statements that read one product's part of the counts (decision 164), not counted in `runs`;
   * they fail while `fail` is set.
   */
  parts: { count: number; fail: boolean };
} {
  const slow = { on: false };
  const runs: CountsRun[] = [];
  const parts = { count: 0, fail: false };
  const atOnce = { most: 0 };
  let underWay = 0;
  const watch = <T extends Pick<Database, 'execute'>>(executor: T, inTransaction: boolean): T => {
    const execute = (async (query: Parameters<Database['execute']>[0]) => {
      const text = JSON.stringify(query);
      if (!text.includes('with m as materialized')) return executor.execute(query);
      if (text.includes('/* counts: one product */')) {
        parts.count += 1;
        if (parts.fail) throw new Error('connection lost (test)');
        return executor.execute(query);
      }
      underWay += 1;
      atOnce.most = Math.max(atOnce.most, underWay);
      try {
        runs.push({ inTransaction, parallelWorkers: await parallelWorkersOf(executor) });
        if (slow.on) await new Promise((resolve) => setTimeout(resolve, SLOW_COUNTS_MS));
        return await executor.execute(query);
      } finally {
        underWay -= 1;
      }
    }) as Database['execute'];
    return new Proxy(executor, {
      get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)),
    });
  };
  const transaction: Database['transaction'] = (run, config) =>
    db.transaction((tx) => run(watch(tx, true)), config);
  const watched = watch(db, false);
  return {
    db: new Proxy(watched, {
      get: (target, key) => (key === 'transaction' ? transaction : Reflect.get(target, key)),
    }),
    slow,
    runs,
    atOnce,
    parts,
  };
}

/** The unfiltered collection, as GET /api/products reads it with no parameters. */
const QUERY = catalogueQuerySchema.parse({});

/** A product's new price, written as the admin's edit writes it: answers the transaction's id. */
async function movePrice(db: Database, id: string, price: number): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update products set price = ${price} where id = ${id}`);
    const result = (await tx.execute(sql`select pg_current_xact_id()::text as xid`)) as unknown as {
      rows: { xid: string }[];
    };
    return result.rows[0]!.xid;
  });
}

describe('catalogue counts after a product change', () => {
  it('answers with the counts it had while new ones are read, then with the new ones', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }, { name: 'Oxford Shirt' }]);
    const { db, slow } = watchedCounts(t.db);
    // As the app runs it: re-reads on one core on PostgreSQL (PGlite has no parallel workers).
    const backgroundOnOneCore = t.database.handle.driver === 'postgres';
    const catalogue = createCatalogueQueryService({ db, backgroundOnOneCore });
    expect((await catalogue.query(QUERY)).total).toBe(2);

    await insertProducts(t.db, [{ name: 'Chambray Shirt' }]);
    catalogue.countsChanged();
    slow.on = true;
    const started = performance.now();
    const during = await catalogue.query(QUERY);
    const took = performance.now() - started;
    // The page is read afresh and has the new shirt; the count is the one kept.
    expect(during.products.map((p) => p.name)).toContain('Chambray Shirt');
    expect(during.total).toBe(2);
    expect(took).toBeLessThan(SLOW_COUNTS_MS / 2);

    // Once read, the new counts answer (without another read: the statement is still slow).
    await expect.poll(async () => (await catalogue.query(QUERY)).total, { timeout: 5_000 }).toBe(3);
    const next = performance.now();
    expect((await catalogue.query(QUERY)).total).toBe(3);
    expect(performance.now() - next).toBeLessThan(SLOW_COUNTS_MS / 2);
  });

  it('a re-read runs without parallel workers; a first read, which a shopper waits for, may use them', async () => {
    // PGlite's default is already 0 (it has no parallel workers): there the transaction, which
    // holds the SET LOCAL, is what shows; on PostgreSQL the setting does too.
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const { db, runs } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db, backgroundOnOneCore: true });
    const defaultWorkers = await parallelWorkersOf(t.db);
    await catalogue.query(QUERY);
    catalogue.countsChanged();
    await insertProducts(t.db, [{ name: 'Oxford Shirt' }]);
    await expect.poll(async () => (await catalogue.query(QUERY)).total).toBe(2);
    expect(runs).toEqual([
      { inTransaction: false, parallelWorkers: defaultWorkers },
      { inTransaction: true, parallelWorkers: '0' },
    ]);
    // The setting was the re-read's own (SET LOCAL): the next statements have the default again.
    expect(await parallelWorkersOf(t.db)).toBe(defaultWorkers);
  });

  it('after a change, reads the counts of several queries again one at a time (decision 155)', async () => {
    await insertProducts(t.db, [
      { name: 'Linen Shirt', category: 'SHIRTS', subCategory: 'SNITCH' },
    ]);
    const { db, slow, atOnce } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db });
    const queries = [
      QUERY,
      catalogueQuerySchema.parse({ category: 'SHIRTS' }),
      catalogueQuerySchema.parse({ brand: 'SNITCH' }),
    ];
    for (const query of queries) expect((await catalogue.query(query)).total).toBe(1);

    await insertProducts(t.db, [
      { name: 'Oxford Shirt', category: 'SHIRTS', subCategory: 'SNITCH' },
    ]);
    catalogue.countsChanged();
    slow.on = true;
    atOnce.most = 0;
    // Three shoppers at once: each is answered with the counts it had, without waiting…
    const started = performance.now();
    const during = await Promise.all(queries.map((query) => catalogue.query(query)));
    expect(during.map((answer) => answer.total)).toEqual([1, 1, 1]);
    expect(performance.now() - started).toBeLessThan(SLOW_COUNTS_MS / 2);
    // …and the three re-reads run one after another, never two at once.
    await expect
      .poll(
        async () => (await Promise.all(queries.map((q) => catalogue.query(q)))).map((a) => a.total),
        {
          timeout: 3 * SLOW_COUNTS_MS + 5_000,
        },
      )
      .toEqual([2, 2, 2]);
    expect(atOnce.most).toBe(1);
  });

  it('keeps the counts until a product change is announced (or they age)', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const catalogue = createCatalogueQueryService({ db: t.db });
    expect((await catalogue.query(QUERY)).total).toBe(1);
    await insertProducts(t.db, [{ name: 'Oxford Shirt' }]);
    // Without the announcement the kept counts answer (for up to COUNTS_TTL_MS)…
    expect((await catalogue.query(QUERY)).total).toBe(1);
    // …with it they are read again: at once here, or after at most COUNTS_WAIT_MS in the background.
    catalogue.countsChanged();
    await expect.poll(async () => (await catalogue.query(QUERY)).total).toBe(2);
  });

  it('a query whose last counts read was slow does not wait for its re-read (decision 156)', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }, { name: 'Oxford Shirt' }]);
    const { db, slow, runs } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db });
    // The first read takes SLOW_COUNTS_MS, far longer than COUNTS_WAIT_MS…
    slow.on = true;
    expect((await catalogue.query(QUERY)).total).toBe(2);
    await insertProducts(t.db, [{ name: 'Chambray Shirt' }]);
    catalogue.countsChanged();
    // …so after a change the next query answers with the counts it had, even though this re-read
    // is quick (waiting up to COUNTS_WAIT_MS, it would have had the new ones)…
    slow.on = false;
    expect((await catalogue.query(QUERY)).total).toBe(2);
    // The re-read was started; it is recorded once its transaction has begun, which on
    // PostgreSQL can be after the answer above.
    await expect.poll(() => runs.length).toBe(2);
    // …and the re-read, under way, answers the following queries.
    await expect.poll(async () => (await catalogue.query(QUERY)).total).toBe(3);
    expect(runs).toHaveLength(2);
  });

  it('counts age in COUNTS_TTL_MS, or in COUNTS_TTL_READS times their read when that is longer (decision 158)', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const { db, slow } = watchedCounts(t.db);
    const quick = createCatalogueQueryService({ db });
    const slowToRead = createCatalogueQueryService({ db });
    const reads = async () =>
      (await shopMetrics.catalogueCountReads.get()).values.reduce((sum, v) => sum + v.value, 0);
    await quick.query(QUERY);
    // Read once in SLOW_COUNTS_MS or more: its counts live at least 500 times that.
    slow.on = true;
    await slowToRead.query(QUERY);
    slow.on = false;
    const longLife = COUNTS_TTL_READS * SLOW_COUNTS_MS;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + COUNTS_TTL_MS + 1_000);
      let before = await reads();
      await slowToRead.query(QUERY);
      expect(await reads()).toBe(before);
      await quick.query(QUERY);
      expect(await reads()).toBe(before + 1);

      vi.setSystemTime(Date.now() + longLife);
      before = await reads();
      await slowToRead.query(QUERY);
      expect(await reads()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a first query waits for its counts: there are none older to show', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const { db, slow } = watchedCounts(t.db);
    slow.on = true;
    const catalogue = createCatalogueQueryService({ db });
    const started = performance.now();
    expect((await catalogue.query(QUERY)).total).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_COUNTS_MS - 5);
  });

  it('reads again only the counts a change can move: prices those with a price bound, text those searched (decision 155)', async () => {
    const [linen, oxford] = await insertProducts(t.db, [
      { name: 'Linen Shirt', price: 1500 },
      { name: 'Oxford Shirt', price: 900 },
    ]);
    const admin = await loggedInAdmin(t.app, t.db);
    const edit = async (id: string, payload: object) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${id}`,
        headers: { token: admin.token },
        payload,
      });
      expect(res.statusCode).toBe(200);
    };
    const totalOf = async (query: string) =>
      (await t.app.inject(`/api/products${query}`)).json<{ total: number }>().total;
    const readsOf = async (kind: 'again' | 'moved') =>
      (await shopMetrics.catalogueCountReads.get()).values.find((v) => v.labels.read === kind)
        ?.value ?? 0;
    const reads = () => readsOf('again');
    const all = '';
    const priced = '?maxPrice=1000';
    const searched = '?q=oxford';
    expect([await totalOf(all), await totalOf(priced), await totalOf(searched)]).toEqual([2, 1, 1]);

    /** Asks all three after a change, until `changed` shows it; answers the re-reads it took. */
    const readsAfter = async (change: () => Promise<void>, changed: string, total: number) => {
      const before = await reads();
      await change();
      await expect.poll(() => totalOf(changed), { timeout: 5_000 }).toBe(total);
      for (const query of [all, priced, searched]) await totalOf(query);
      return (await reads()) - before;
    };
    // A new price: only the priced query's counts change (the linen shirt now fits). The admin's
    // NOTIFY says which product moved, in which transaction: its part is added, the counts are
    // not read again (decision 164).
    const moved = await readsOf('moved');
    expect(await readsAfter(() => edit(linen!.id, { price: 800 }), priced, 2)).toBe(0);
    expect((await readsOf('moved')) - moved).toBe(1);
    // A new name: only the searched one's.
    expect(
      await readsAfter(() => edit(linen!.id, { name: 'Linen Oxford Shirt' }), searched, 2),
    ).toBe(1);
    // A price that stays under the bound, and a new MRP: none (decision 161). Each change is heard
    // (this process drops its list once for the write, once for the NOTIFY) before the queries ask.
    const dropped = async () =>
      (await shopMetrics.catalogInvalidations.get()).values[0]?.value ?? 0;
    for (const payload of [{ price: 700 }, { mrp: 2000 }]) {
      const before = await reads();
      const heard = await dropped();
      await edit(linen!.id, payload);
      await expect.poll(dropped).toBeGreaterThanOrEqual(heard + 2);
      for (const query of [all, priced, searched]) await totalOf(query);
      expect(await reads()).toBe(before);
    }
    // A new category: all three (their totals are the same; the counts by category are not).
    const before = await reads();
    await edit(oxford!.id, { category: 'T-SHIRTS' });
    const readsNow = async () => {
      for (const query of [all, priced, searched]) await totalOf(query);
      return (await reads()) - before;
    };
    await expect.poll(readsNow, { timeout: 5_000 }).toBe(3);
    expect(await readsNow()).toBe(3);
  });

  it('reads again after a price move only the counts whose price bounds it crosses (decision 161)', async () => {
    const [linen, oxford] = await insertProducts(t.db, [
      { name: 'Linen Shirt', price: 1500 },
      { name: 'Oxford Shirt', price: 900 },
    ]);
    const { db, runs } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db });
    const queries = {
      under1000: catalogueQuerySchema.parse({ maxPrice: '1000' }),
      from1000: catalogueQuerySchema.parse({ minPrice: '1000' }),
      // The slider's top keeps every price: no bound at all (decision 011).
      sliderTop: catalogueQuerySchema.parse({ maxPrice: String(PRICE_FILTER.max) }),
      unbounded: QUERY,
    };
    const totals = async () => {
      const answers = await Promise.all(Object.values(queries).map((q) => catalogue.query(q)));
      return answers.map((answer) => answer.total);
    };
    expect(await totals()).toEqual([1, 1, 2, 2]);
    expect(runs).toHaveLength(4);
    const setPrice = (id: string, price: number) =>
      t.db.execute(sql`update products set price = ${price} where id = ${id}`);

    // ₹900 → ₹800 is under ₹1,000 before and after: no query keeps other products.
    await setPrice(oxford!.id, 800);
    catalogue.countsChanged({ prices: { from: 900, to: 800 }, text: false });
    expect(await totals()).toEqual([1, 1, 2, 2]);
    expect(runs).toHaveLength(4);

    // ₹1,500 → ₹950 crosses ₹1,000: the two bounded queries are read again, and only they.
    await setPrice(linen!.id, 950);
    catalogue.countsChanged({ prices: { from: 1500, to: 950 }, text: false });
    await expect.poll(totals).toEqual([2, 0, 2, 2]);
    expect(runs).toHaveLength(6);

    // A price change that does not say how it moved: every bounded query.
    catalogue.countsChanged({ prices: true, text: false });
    expect(await totals()).toEqual([2, 0, 2, 2]);
    await expect.poll(() => runs.length).toBe(8);
    expect(await totals()).toEqual([2, 0, 2, 2]);
    expect(runs).toHaveLength(8);
  });

  it('adds a price move into or out of a query’s bounds from the moved product alone, exactly as a read would count (decision 164)', async () => {
    const [linen, oxford, polo] = await insertProducts(t.db, [
      { name: 'Linen Shirt', price: 1500, category: 'SHIRTS', subCategory: 'SNITCH' },
      { name: 'Oxford Shirt', price: 900, category: 'SHIRTS', subCategory: 'RARE RABBIT' },
      { name: 'Polo T-Shirt', price: 700, category: 'T-SHIRTS', subCategory: 'SNITCH' },
    ]);
    await insertProducts(t.db, [{ name: 'Cargo Pants', price: 800, category: 'PANTS' }]);
    // The polo has size M only: it counts in M, not in S or L.
    await t.db.execute(
      sql`update product_stock set on_hand = 0 where product_id = ${polo!.id} and size <> 'M'`,
    );
    const { db, runs, parts } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db });
    const queries = [
      { maxPrice: '1000' },
      { maxPrice: '1000', category: 'SHIRTS', size: 'M' },
      { maxPrice: '1000', brand: 'SNITCH', q: 'shirt' },
      { minPrice: '1000', size: 'S' },
      { minPrice: '600', maxPrice: '1200', category: 'T-SHIRTS' },
    ].map((q) => catalogueQuerySchema.parse(q));
    const countsOf = ({ total, facets }: CatalogueAnswer) => ({ total, facets });
    /** Every query's counts, from the service under test and from a new one reading them afresh. */
    const keptAndFresh = async () => {
      const fresh = createCatalogueQueryService({ db: t.db });
      return {
        kept: (await Promise.all(queries.map((q) => catalogue.query(q)))).map(countsOf),
        fresh: (await Promise.all(queries.map((q) => fresh.query(q)))).map(countsOf),
      };
    };
    const first = await keptAndFresh();
    expect(first.kept).toEqual(first.fresh);
    expect(runs).toHaveLength(queries.length);
    const move = async (product: ProductRow, from: number, to: number) => {
      const xid = await movePrice(t.db, product.id, to);
      catalogue.countsChanged({ prices: { from, to, product: product.id, xid }, text: false });
    };

    // Into ₹1,000 and out of ₹1,000 at once; then the polo out of ₹600–1,200 and back into it.
    await move(linen!, 1500, 950);
    await move(oxford!, 900, 1100);
    await move(polo!, 700, 500);
    await move(polo!, 500, 650);
    let now = await keptAndFresh();
    expect(now.kept).toEqual(now.fresh);
    expect(now.kept[0]!.total).toBe(3);
    // No query's counts were read again: each product's part was read by its id, once per query
    // its moves took it into or out of (the polo's two moves cancel out).
    expect(runs).toHaveLength(queries.length);
    // The linen shirt crossed every query's bounds, the oxford all but ₹600–1,200's.
    expect(parts.count).toBe(5 + 4);

    // A move the counts already saw: another change is heard first, so they are read again after
    // the write; the move's own announcement comes after that read. It is not added again.
    const xid = await movePrice(t.db, oxford!.id, 800);
    catalogue.countsChanged('all');
    const matches = async () => {
      const { kept, fresh } = await keptAndFresh();
      return JSON.stringify(kept) === JSON.stringify(fresh);
    };
    await expect.poll(matches).toBe(true);
    expect(runs).toHaveLength(2 * queries.length);
    catalogue.countsChanged({
      prices: { from: 1100, to: 800, product: oxford!.id, xid },
      text: false,
    });
    const partsBefore = parts.count;
    now = await keptAndFresh();
    expect(now.kept).toEqual(now.fresh);
    expect(parts.count).toBe(partsBefore);
    expect(runs).toHaveLength(2 * queries.length);

    // A move that does not say which product: the bounded queries are read again (decision 161).
    await t.db.execute(sql`update products set price = 1400 where id = ${linen!.id}`);
    catalogue.countsChanged({ prices: { from: 950, to: 1400 }, text: false });
    await expect.poll(matches).toBe(true);
    expect(runs).toHaveLength(3 * queries.length);
    expect(parts.count).toBe(partsBefore);
  });

  it('a price move that cannot be added answers every request with the counts it had, then reads them again (decision 164)', async () => {
    const [linen] = await insertProducts(t.db, [
      { name: 'Linen Shirt', price: 1500 },
      { name: 'Oxford Shirt', price: 900 },
    ]);
    const { db, runs, parts } = watchedCounts(t.db);
    const catalogue = createCatalogueQueryService({ db });
    const under1000 = catalogueQuerySchema.parse({ maxPrice: '1000' });
    expect((await catalogue.query(under1000)).total).toBe(1);

    const xid = await movePrice(t.db, linen!.id, 950);
    catalogue.countsChanged({
      prices: { from: 1500, to: 950, product: linen!.id, xid },
      text: false,
    });
    parts.fail = true;
    // Two shoppers at once while the part cannot be read: neither request fails.
    const answers = await Promise.all([catalogue.query(under1000), catalogue.query(under1000)]);
    expect(answers.map((a) => a.total)).toEqual([1, 1]);
    expect(answers.map((a) => a.products.length)).toEqual([2, 2]);
    expect(parts.count).toBe(1);
    // The counts are read again instead.
    await expect.poll(async () => (await catalogue.query(under1000)).total).toBe(2);
    expect(runs).toHaveLength(2);
  });

  it('keeps a search’s words until a change can alter them: paging a search reads the page alone', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    let wordChecks = 0;
    const db = new Proxy(t.db, {
      get: (target, key) =>
        key === 'execute'
          ? (query: Parameters<Database['execute']>[0]) => {
              if (JSON.stringify(query).includes('catalogue_words')) wordChecks += 1;
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const catalogue = createCatalogueQueryService({ db });
    const search = (q: string) => catalogue.query(catalogueQuerySchema.parse({ q }));
    expect((await search('linen')).total).toBe(1);
    expect((await search('linen')).total).toBe(1);
    expect(wordChecks).toBe(1);
    // No product has a word near "chambry" yet: nothing is corrected, nothing found.
    expect((await search('chambry')).total).toBe(0);
    expect(wordChecks).toBe(2);

    // A price change cannot add a word: the kept words stand.
    catalogue.countsChanged({ prices: true, text: false });
    await search('chambry');
    expect(wordChecks).toBe(2);
    // A new product's words can: "chambry" is now one typo from "chambray".
    await insertProducts(t.db, [{ name: 'Chambray Shirt' }]);
    catalogue.countsChanged();
    expect((await search('chambry')).products.map((p) => p.name)).toEqual(['Chambray Shirt']);
    expect(wordChecks).toBe(3);
  });
});

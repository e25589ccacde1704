import { describe, expect, it } from 'vitest';
import { catalogueQuerySchema } from '@vastra/shared/schemas/catalogue-query';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertProducts } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { createCatalogueQueryService } from './catalogue-query.service';

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
 * The test database, watching the counts statement (the one that starts `with m as materialized`),
 * in a transaction or not: slowed while `slow.on`, and each run recorded. The setting is read just
 * before the statement, through the same executor: in a transaction, on its connection.
 */
function watchedCounts(db: Database): {
  db: Database;
  slow: { on: boolean };
  runs: CountsRun[];
} {
  const slow = { on: false };
  const runs: CountsRun[] = [];
  const watch = <T extends Pick<Database, 'execute'>>(executor: T, inTransaction: boolean): T => {
    const execute = (async (query: Parameters<Database['execute']>[0]) => {
      if (JSON.stringify(query).includes('with m as materialized')) {
        runs.push({ inTransaction, parallelWorkers: await parallelWorkersOf(executor) });
        if (slow.on) await new Promise((resolve) => setTimeout(resolve, SLOW_COUNTS_MS));
      }
      return executor.execute(query);
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
  };
}

/** The unfiltered collection, as GET /api/products reads it with no parameters. */
const QUERY = catalogueQuerySchema.parse({});

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

  it('a first query waits for its counts: there are none older to show', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const { db, slow } = watchedCounts(t.db);
    slow.on = true;
    const catalogue = createCatalogueQueryService({ db });
    const started = performance.now();
    expect((await catalogue.query(QUERY)).total).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_COUNTS_MS - 5);
  });
});

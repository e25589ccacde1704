import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  fromPglite,
  fromPgPool,
  MIGRATIONS_DIR,
  PGLITE_EXTENSIONS,
  rowsOf,
  type DatabaseHandle,
} from '../db/client';

/**
 * A migrated database for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is
 * set (then a fresh database per file, dropped afterwards).
 *
 * A fresh PGlite costs 2–4 s, so the migrated PGlite is made once and kept as a tarball keyed by
 * the migrations and the PGlite version; every later file (and every later run) clones it in
 * under a second. Tests within a file share the database and call `reset()` where they need a
 * clean table.
 */
export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly driver: 'pglite' | 'postgres';
  /** Empties every table the app owns. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const require = createRequire(import.meta.url);
  // The entry file differs between PGlite versions, whose data directories are not interchangeable.
  hash.update(fs.readFileSync(require.resolve('@electric-sql/pglite')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `vastra-pglite-template-${templateKey()}.tar.gz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await fromPglite(client).migrate();
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename: two workers building it at once must never leave a half-written file.
    const partial = `${file}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

// The rest hang off these (by foreign keys); the tax documents' counters do not, and each test
// numbers its invoices from 1; nor does the home hero's one row (its picks are ids without a key).
export const APP_TABLES = [
  'users',
  'email_otps',
  'rate_limits',
  'products',
  'tax_document_counters',
  'home_hero',
];

/**
 * APP_TABLES and every table that refers to one of them, however indirectly: what
 * `TRUNCATE … CASCADE` of APP_TABLES would empty. Each comes with its longest chain of references
 * from an app table, so that sorting by it, longest first, puts every table before those it
 * refers to. A table's references to itself (a credit note's invoice) are left out of the chains;
 * the bound stops a cycle of references, should one ever be made, from recursing for ever.
 */
const EMPTIED_TABLES = sql.raw(`
  WITH RECURSIVE emptied(oid, depth) AS (
    SELECT c.oid, 0 FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace
      AND c.relname IN (${APP_TABLES.map((t) => `'${t}'`).join(', ')})
    UNION
    SELECT k.conrelid, e.depth + 1 FROM pg_constraint k JOIN emptied e ON k.confrelid = e.oid
    WHERE k.contype = 'f' AND k.conrelid <> k.confrelid AND e.depth < 20
  )
  SELECT c.relname AS name FROM emptied e JOIN pg_class c ON c.oid = e.oid
  GROUP BY c.relname ORDER BY max(e.depth) DESC, c.relname`);

/** The tables `reset()` empties, by name, each before the tables it refers to. */
export async function emptiedTables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ name: string }>(EMPTIED_TABLES);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * Empties those tables with one DELETE each, a table before those it refers to, so no foreign key
 * ever finds its row gone (and no superuser setting is needed to turn the checks off). TRUNCATE
 * gives each table and index a new file: 70–100 ms a reset on PostgreSQL, against 5 ms for
 * DELETE on a test's few rows, before every one of some 650 API tests
 * (docs/decisions/152-test-run-time.md). No trigger of ours fires on DELETE.
 */
async function emptyAppTables(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const deletes = (await emptiedTables(handle)).map((name) => `DELETE FROM "${name}";`).join(' ');
  const statement = sql.raw(`DO $$ BEGIN ${deletes} END $$`);
  return async () => {
    await handle.db.execute(statement);
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `vastra_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // DROP DATABASE … WITH (FORCE) at the end ends idle connections; that is expected here.
  pool.on('error', () => {});
  const handle = fromPgPool(pool);
  await handle.migrate();
  return {
    handle,
    driver: 'postgres',
    reset: await emptyAppTables(handle),
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return createPostgresDatabase(adminUrl);
  const client = await PGlite.create({
    loadDataDir: await pgliteTemplate(),
    extensions: PGLITE_EXTENSIONS,
  });
  const handle = fromPglite(client);
  // Cheap, and proves the clone is at the latest migration.
  await handle.migrate();
  return {
    handle,
    driver: 'pglite',
    reset: await emptyAppTables(handle),
    destroy: () => handle.close(),
  };
}

/**
 * Leaves a migrated PGlite in `<dataDir>/pglite`, as a server would, for tests that start the real
 * server process on it. `setup` may fill it first.
 */
export async function preparePgliteDataDir(
  dataDir: string,
  setup?: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: await pgliteTemplate(),
    extensions: PGLITE_EXTENSIONS,
  });
  const handle = fromPglite(client);
  try {
    await setup?.(handle);
  } finally {
    await handle.close();
  }
}

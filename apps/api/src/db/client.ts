import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { redactUrl } from '../lib/redact-url';

/** What services and repositories receive: the query builder, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant: serialises migrations when several API processes start on one PostgreSQL. */
const MIGRATION_ADVISORY_LOCK = 7_311_202_501;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * Subscribes to `NOTIFY <channel>`; both PGlite and PostgreSQL deliver it, so a cache can be
   * invalidated by a write made in any process. Returns the unsubscribe function.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, () => onNotify());
      return () => unsubscribe();
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export function fromPgPool(pool: pg.Pool, log?: Logger): DatabaseHandle {
  const db = drizzlePg({ client: pool });
  const listeners = new Set<pg.PoolClient>();
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]);
        lockClient.release();
      }
    },
    async listen(channel, onNotify) {
      // LISTEN belongs to one session, so it gets a connection of its own, outside the pool's rotation.
      const client = await pool.connect();
      listeners.add(client);
      // A checked-out client's errors (the server restarting, the database being dropped) are
      // emitted on the client, not the pool; unhandled they would crash the process. Drop the
      // broken connection and say what is lost.
      client.on('error', (error) => {
        if (!listeners.delete(client)) return;
        client.release(true);
        log?.error({ err: error, channel }, 'LISTEN connection lost: changes made by other processes are not seen until restart');
      });
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        if (!listeners.delete(client)) return;
        try {
          await client.query(`UNLISTEN ${quoteIdent(channel)}`);
        } finally {
          client.release();
        }
      };
    },
    async close() {
      for (const client of listeners) client.release();
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL when `DATABASE_URL` is set, otherwise PGlite with its files in `<DATA_DIR>/pglite`.
 * The caller must hold the data-dir lock before opening PGlite (see data-dir-lock.ts).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log?: Logger,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client dropped by the server must not crash the process; the pool reconnects.
    pool.on('error', (error) => log?.error({ err: error }, 'PostgreSQL pool error'));
    const handle = fromPgPool(pool, log);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => {});
      // Say which server (its password hidden); a driver message quoting the URL loses its
      // password too, and then its cause (whose stack repeats the message) is left out.
      const reason = String((error as Error).message);
      const safeReason = redactUrl(reason);
      throw new Error(
        `Cannot reach PostgreSQL at DATABASE_URL=${redactUrl(config.databaseUrl)}: ${safeReason}`,
        safeReason === reason ? { cause: error } : undefined,
      );
    }
    return handle;
  }
  // PGlite creates only the last path segment itself.
  fs.mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: path.join(config.dataDir, 'pglite') });
  return fromPglite(client);
}

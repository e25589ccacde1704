import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { redactUrl } from '../lib/redact-url';
import type { Logger } from '../lib/logger';

/** What services and repositories receive: the query builder, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The contrib extensions the migrations create (the catalogue search, docs/decisions/139): PGlite
 * loads an extension only when it is named here, so every `PGlite.create` passes these.
 * PostgreSQL ships them in its contrib package.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** The rows of `db.execute(…)`: node-postgres answers `{ rows }`, PGlite an array of them. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** An arbitrary constant: serialises migrations when several API processes start on one PostgreSQL. */
const MIGRATION_ADVISORY_LOCK = 7_311_202_501;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * Subscribes to `NOTIFY <channel>`; both PGlite and PostgreSQL deliver it, so a cache can be
   * invalidated by a write made in any process. Returns the unsubscribe function. On PostgreSQL the
   * LISTEN connection can drop: `events.onLost` is called then, it is re-established with backoff
   * and `events.onRestored` is called once it listens again (notifications in between are lost).
   * `onNotify` gets the notification's payload ('' when none): one channel can carry several
   * kinds of change on the one LISTEN connection.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `job` only if no other process is running a job under the same `lockKey` now
   * (docs/decisions/118-order-life.md: the sweep and the refund retries run in one process at a
   * time). PostgreSQL: a session advisory lock, `pg_try_advisory_lock`, held on a connection of
   * its own while the job runs on the pool; PGlite: one process owns the data directory
   * (data-dir-lock.ts), so the job just runs. Answers false when another process had the lock.
   */
  runExclusive(lockKey: number, job: () => Promise<void>): Promise<boolean>;
  /** PostgreSQL only: the pool's open, idle and waited-for connections (GET /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * PGlite only: its whole data directory as a tar, taken while no transaction is open
   * (db/snapshot.ts, decision 117). PostgreSQL is backed up with pg_dump.
   */
  snapshot?(): Promise<Buffer>;
}

export interface ListenEvents {
  onLost?(): void;
  onRestored?(): void;
}

/** The LISTEN connection's name in pg_stat_activity (an operator or a test can find it). */
export const LISTEN_APPLICATION_NAME = 'vastra-listen';
/** Reconnection waits 0.5 s, then doubles up to 30 s (decision 096). */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;
/** A connection that died without a word (no FIN/RST) is found by this heartbeat. */
const LISTEN_HEARTBEAT_MS = 15_000;
const LISTEN_HEARTBEAT_TIMEOUT_MS = 5_000;

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
      const unsubscribe = await client.listen(channel, (payload) => onNotify(payload ?? ''));
      return () => unsubscribe();
    },
    async runExclusive(_lockKey, job) {
      await job();
      return true;
    },
    async close() {
      if (!client.closed) await client.close();
    },
    // Inside the transaction lock, which every query and transaction takes: the copy is taken
    // between two transactions, so it holds exactly what had committed.
    snapshot: () =>
      client._runExclusiveTransaction(async () => {
        const tar = await client.dumpDataDir('none');
        return Buffer.from(await tar.arrayBuffer());
      }),
  };
}

export function fromPgPool(pool: pg.Pool, log?: Logger): DatabaseHandle {
  const db = drizzlePg({ client: pool });
  const subscriptions = new Set<() => Promise<void>>();
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
    async runExclusive(lockKey, job) {
      const lockClient = await pool.connect();
      let locked = false;
      try {
        const { rows } = await lockClient.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS locked',
          [lockKey],
        );
        locked = rows[0]?.locked === true;
        if (locked) await job();
        return locked;
      } finally {
        if (locked)
          await lockClient.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {});
        lockClient.release();
      }
    },
    async listen(channel, onNotify, events = {}) {
      // LISTEN belongs to one session, so it gets a connection of its own, outside the pool's rotation.
      let client: pg.PoolClient | undefined;
      let stopped = false;
      let retryTimer: NodeJS.Timeout | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let delay = LISTEN_RETRY_FIRST_MS;

      const connect = async (): Promise<void> => {
        const next = await pool.connect();
        // A checked-out client's errors (the server restarting, the backend terminated) are
        // emitted on the client, not the pool; unhandled they would crash the process.
        next.on('error', (error) => lost(next, error));
        next.on('end', () => lost(next, new Error('connection ended')));
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        try {
          await next.query(`SET application_name = '${LISTEN_APPLICATION_NAME}'`);
          await next.query(`LISTEN ${quoteIdent(channel)}`);
        } catch (error) {
          next.release(true);
          throw error;
        }
        if (stopped) {
          next.release(true);
          return;
        }
        client = next;
        heartbeat = setInterval(() => {
          const timer = setTimeout(
            () => lost(next, new Error('LISTEN heartbeat timed out')),
            LISTEN_HEARTBEAT_TIMEOUT_MS,
          );
          timer.unref();
          next.query('SELECT 1').then(
            () => clearTimeout(timer),
            (error: unknown) => {
              clearTimeout(timer);
              lost(next, error);
            },
          );
        }, LISTEN_HEARTBEAT_MS);
        heartbeat.unref();
      };

      function lost(which: pg.PoolClient, error: unknown): void {
        if (client !== which) return;
        client = undefined;
        clearInterval(heartbeat);
        which.release(true);
        log?.error({ err: error, channel }, 'LISTEN connection lost; reconnecting');
        events.onLost?.();
        scheduleRetry();
      }

      function scheduleRetry(): void {
        if (stopped) return;
        const wait = delay;
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        retryTimer = setTimeout(() => {
          connect().then(
            () => {
              if (stopped || !client) return;
              delay = LISTEN_RETRY_FIRST_MS;
              log?.info?.({ channel }, 'LISTEN connection restored');
              events.onRestored?.();
            },
            (error: unknown) => {
              log?.warn?.({ err: error, channel, retryInMs: delay }, 'LISTEN reconnection failed');
              scheduleRetry();
            },
          );
        }, wait);
        retryTimer.unref();
      }

      // The first LISTEN must work: a start without it would serve a cache nobody invalidates.
      await connect();
      const unsubscribe = async () => {
        stopped = true;
        subscriptions.delete(unsubscribe);
        clearTimeout(retryTimer);
        clearInterval(heartbeat);
        const current = client;
        client = undefined;
        // Not back to the pool: the session is named and listening.
        current?.release(true);
      };
      subscriptions.add(unsubscribe);
      return unsubscribe;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await Promise.all([...subscriptions].map((unsubscribe) => unsubscribe()));
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
  const client = await PGlite.create({
    dataDir: path.join(config.dataDir, 'pglite'),
    extensions: PGLITE_EXTENSIONS,
  });
  return fromPglite(client);
}

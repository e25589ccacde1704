import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { redactUrl } from './lib/redact-url';
import { shopUrl } from './lib/shop-url';
import { seedShop } from './db/seed/seed';
import { serveSnapshots } from './db/snapshot';
import { createLogger } from './lib/logger';
import { createFileStore } from './providers/storage/create-file-store';
import { StoreConfigError } from './providers/storage/file-store';

/** A signal gives the server this long to answer what it is answering and close; then it exits. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Process concerns only: config → lock → database → migrations → seed → app → listen, and the
 * reverse on SIGINT/SIGTERM. Everything else lives in app.ts.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);

  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let stopSnapshots = () => {};
  let stopRequested = false;
  // Uploads' store (decision 115): a misconfigured one stops the start, naming the setting.
  const fileStore = createFileStore(config);

  /** Opens everything in order; false when it failed (and closed what it had opened). */
  const startUp = async (): Promise<boolean> => {
    try {
      await fileStore.check();
      // PGlite has no lock of its own; PostgreSQL serves many processes, so only PGlite needs ours.
      if (!config.databaseUrl) lock = await acquireDataDirLock(config.dataDir);
      log.info(
        config.databaseUrl
          ? `database: PostgreSQL at ${redactUrl(config.databaseUrl)}`
          : `database: PGlite in ${config.dataDir}`,
      );
      database = await openDatabase(config, log);
      if (stopRequested) return true;
      await database.migrate();
      if (stopRequested) return true;
      await seedShop(database.db, {
        store: fileStore,
        log,
        admin: config.bootstrapAdmin,
      });
      if (stopRequested) return true;
      app = await buildApp({ config, database, loggerInstance: log, fileStore });
      if (stopRequested) return true;
      // PGlite: `npm run backup` asks this process for a snapshot (db/snapshot.ts, decision 117).
      if (lock) stopSnapshots = await serveSnapshots(config.dataDir, database, log);
    } catch (error) {
      if (error instanceof DataDirLockedError || error instanceof StoreConfigError)
        log.fatal(error.message);
      else log.fatal({ err: error }, 'start-up failed');
      await closeAll().catch(() => {});
      return false;
    }
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
      await closeAll().catch(() => {});
      return false;
    }
    // PORT=0 picks a free port: print the one the server got.
    const { port } = app.server.address() as AddressInfo;
    const url = shopUrl(config.host, port);
    log.info(`Vastra is open at ${url}`);
    if (app.hasRoute({ method: 'GET', url: '/dev/outbox' }))
      log.info(`mails are not sent (no SMTP_URL): read them at ${url}/dev/outbox on this computer`);
    return true;
  };

  /** The reverse order; each part once, whichever of start-up failure and a signal comes first. */
  async function closeAll(): Promise<void> {
    const [openApp, openDatabaseHandle, heldLock] = [app, database, lock];
    [app, database, lock] = [undefined, undefined, undefined];
    stopSnapshots();
    try {
      // Stops accepting, answers the requests under way (new ones on open connections get 503),
      // stops the reconciliation sweep and the LISTEN; then the database.
      await openApp?.close();
      await openDatabaseHandle?.close();
    } finally {
      heldLock?.release();
    }
  }

  const starting = startUp();

  // Listened for from the start: a stop asked for during migrations or the seed lets the step under
  // way finish, skips the rest and closes what is open. Repeats are ignored (Ctrl-C through
  // `npm start` reaches this process twice: from the terminal and from scripts/start.mjs).
  let stopping: Promise<void> | undefined;
  const stop = (signal: string): Promise<void> =>
    (stopping ??= (async () => {
      stopRequested = true;
      log.info({ signal }, 'shutting down');
      // A hung close must not keep the lock forever, nor the process.
      const timer = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        lock?.release();
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS);
      timer.unref();
      try {
        await starting;
        await closeAll();
      } catch (error) {
        log.error({ err: error }, 'error during shutdown');
        process.exitCode = 1;
      } finally {
        clearTimeout(timer);
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

  if (!(await starting)) process.exitCode = 1;
}

await main();

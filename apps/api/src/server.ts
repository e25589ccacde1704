import type { AddressInfo } from 'node:net';
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
  // Uploads' store (decision 115): a misconfigured one stops the start, naming the setting.
  const fileStore = createFileStore(config);
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
    await database.migrate();
    await seedShop(database.db, {
      store: fileStore,
      log,
      admin: config.bootstrapAdmin,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof StoreConfigError)
      log.fatal(error.message);
    else log.fatal({ err: error }, 'start-up failed');
    await database?.close().catch(() => {});
    lock?.release();
    process.exitCode = 1;
    return;
  }

  const app = await buildApp({ config, database, loggerInstance: log, fileStore });
  // PGlite: `npm run backup` asks this process for a snapshot (db/snapshot.ts, decision 117).
  const stopSnapshots = lock ? await serveSnapshots(config.dataDir, database, log) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // A hung close must not keep the lock forever.
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      lock?.release();
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    } finally {
      stopSnapshots();
      lock?.release();
      clearTimeout(timer);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
    // PORT=0 picks a free port: print the one the server got.
    const { port } = app.server.address() as AddressInfo;
    const url = shopUrl(config.host, port);
    log.info(`Vastra is open at ${url}`);
    if (app.hasRoute({ method: 'GET', url: '/dev/outbox' }))
      log.info(`mails are not sent (no SMTP_URL): read them at ${url}/dev/outbox on this computer`);
  } catch (error) {
    log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    lock?.release();
    process.exitCode = 1;
  }
}

await main();

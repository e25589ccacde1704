// Writes a backup of the shop on the embedded database (PGlite) to one file, while it runs:
//
//   npm run backup [FILE]        (default: vastra-backup-<date>.tar.gz in the current folder)
//
// A running server is asked for a consistent snapshot over the Unix socket in its data directory;
// when none runs, the database is opened here (under the data-directory lock). Local pictures and
// clips are added; ones in an object store are not (back the bucket up there). On PostgreSQL use
// pg_dump instead (README, Backups). Exit code 0 on success, 1 with a message otherwise.
// docs/decisions/117-backups.md
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { BackupRefusedError, writeBackup } from '../src/db/backup-file';
import { openDatabase } from '../src/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock';
import { requestSnapshot } from '../src/db/snapshot';

/** npm runs scripts from the repository root; a relative FILE means the caller's folder. */
const callerDir = process.env.INIT_CWD ?? process.cwd();

async function snapshotOf(dataDir: string, config: ReturnType<typeof loadConfig>) {
  const fromServer = await requestSnapshot(dataDir);
  if (fromServer) return { snapshot: fromServer, source: 'the running server' };
  // No server answers: open the database here, holding the lock so none starts meanwhile.
  const lock = await acquireDataDirLock(dataDir);
  try {
    const database = await openDatabase(config);
    try {
      const snapshot = await database.snapshot!();
      return { snapshot, source: 'the data directory (no server was running)' };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new BackupRefusedError(
      'This shop runs on PostgreSQL (DATABASE_URL): back it up with pg_dump and restore with ' +
        'pg_restore (README, Backups). npm run backup is for the embedded database.',
    );
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(callerDir, process.argv[2] ?? `vastra-backup-${stamp}.tar.gz`);
  const { snapshot, source } = await snapshotOf(config.dataDir, config);
  const manifest = await writeBackup(file, {
    snapshot,
    uploadsDir: config.storage.kind === 'local' ? config.uploadsDir : undefined,
  });
  console.log(`Backup written to ${file}`);
  console.log(`  database: ${(snapshot.length / 1024 / 1024).toFixed(1)} MB from ${source}`);
  console.log(
    manifest.uploads === undefined
      ? `  pictures and clips: not included, they are in the bucket ${config.storage.kind === 's3' ? config.storage.bucket : ''}`
      : `  pictures and clips: ${manifest.uploads} files`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof BackupRefusedError ||
      error instanceof DataDirLockedError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);

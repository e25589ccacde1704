// Brings a backup written by `npm run backup` back into an empty data directory:
//
//   DATA_DIR=/srv/vastra-restored npm run restore FILE
//
// The data directory (DATA_DIR, default ./data) must be empty or missing: a restore never
// overwrites a shop. Then start the server on it. On PostgreSQL use pg_restore (README, Backups).
// Exit code 0 on success, 1 with a message otherwise. docs/decisions/117-backups.md
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { BackupRefusedError, restoreBackup } from '../src/db/backup-file';

const callerDir = process.env.INIT_CWD ?? process.cwd();
const USAGE = 'Usage: DATA_DIR=<an empty folder> npm run restore <backup file>';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) throw new BackupRefusedError(USAGE);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new BackupRefusedError(
      'DATABASE_URL is set: this restores the embedded database only. For PostgreSQL use ' +
        'pg_restore (README, Backups), or unset DATABASE_URL.',
    );
  const manifest = await restoreBackup(path.resolve(callerDir, file), config.dataDir);
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}`);
  console.log(
    manifest.uploads === undefined
      ? '  pictures and clips were in an object store: they are not part of this backup'
      : `  pictures and clips: ${manifest.uploads} files`,
  );
  console.log('Start the shop on it with the same DATA_DIR.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof BackupRefusedError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);

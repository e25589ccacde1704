import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { PGLITE_EXTENSIONS } from './client';

/**
 * One backup is one gzipped tar (decision 117): `manifest.json`, `pglite.tar` (the embedded
 * database's data directory, as PGlite's dumpDataDir writes it) and `uploads/` (the local
 * pictures and clips, when they are kept locally).
 */
const FORMAT = 'vastra-backup-1';
const PGLITE_TAR = 'pglite.tar';
const MANIFEST = 'manifest.json';

interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  /** Files under uploads/; undefined when uploads live in an object store (not in the backup). */
  uploads: number | undefined;
}

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

function tempDirBeside(target: string): string {
  const parent = path.dirname(path.resolve(target));
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, '.vastra-backup-'));
}

/** Hard links where the file system allows (uploads never change in place), else copies. */
function linkTree(from: string, to: string): number {
  let files = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    // Dotfiles are staged uploads and temporary names, never served.
    if (entry.name.startsWith('.')) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      files += linkTree(source, target);
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
      files++;
    }
  }
  return files;
}

/**
 * Writes the backup file: whole or not at all (a temporary name beside it, renamed at the end).
 * The snapshot is taken first, then the uploads listed: a picture is stored before the row that
 * shows it commits, so every picture the snapshot's rows name is in the folder by then.
 */
export async function writeBackup(
  file: string,
  parts: { snapshot: Buffer; uploadsDir: string | undefined; now?: Date },
): Promise<Manifest> {
  const staging = tempDirBeside(file);
  try {
    fs.writeFileSync(path.join(staging, PGLITE_TAR), parts.snapshot);
    fs.mkdirSync(path.join(staging, 'uploads'));
    const uploads =
      parts.uploadsDir === undefined
        ? undefined
        : fs.existsSync(parts.uploadsDir)
          ? linkTree(parts.uploadsDir, path.join(staging, 'uploads'))
          : 0;
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: (parts.now ?? new Date()).toISOString(),
      uploads,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = path.join(staging, 'backup.tar.gz');
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      PGLITE_TAR,
      'uploads',
    ]);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function isEmptyDir(dir: string): boolean {
  if (!fs.existsSync(dir)) return true;
  return fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0;
}

/**
 * Brings a backup back into an empty (or missing) data directory: the database files, opened
 * once to prove they load, then the uploads. A directory with anything in it is refused, so a
 * restore never mixes with or overwrites a shop.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefusedError(`There is no backup file at ${file}.`);
  if (!isEmptyDir(dataDir))
    throw new BackupRefusedError(
      `The data directory ${dataDir} is not empty: a restore goes into an empty directory only, ` +
        `so it can never overwrite a shop. Choose a new DATA_DIR, or move this one away first.`,
    );
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupRefusedError(`${file} is not a Vastra backup (${String(error)}).`);
    }
    const manifestFile = path.join(staging, MANIFEST);
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
      : undefined;
    if (manifest?.format !== FORMAT || !fs.existsSync(path.join(staging, PGLITE_TAR)))
      throw new BackupRefusedError(`${file} is not a Vastra backup (no ${FORMAT} manifest).`);

    fs.mkdirSync(dataDir, { recursive: true });
    const dump = fs.readFileSync(path.join(staging, PGLITE_TAR));
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([dump]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await db.query('select 1 from __drizzle_migrations limit 1').catch(async () => {
        await db.query('select 1 from drizzle.__drizzle_migrations limit 1');
      });
    } finally {
      await db.close();
    }
    const uploads = path.join(staging, 'uploads');
    if (fs.existsSync(uploads))
      fs.cpSync(uploads, path.join(dataDir, 'uploads'), { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

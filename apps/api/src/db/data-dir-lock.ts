import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'vastra.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another Vastra server (pid ${holderPid}). ` +
        `Two servers on one embedded database would corrupt it: stop the other server, ` +
        `or give this one its own DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite has no lock of its own, and two processes on one PGlite directory corrupt it. We take an
 * exclusive lock file (created with O_EXCL, holding our pid). A lock left by a process that no
 * longer exists (a crash, `kill -9`) is taken over; a live holder makes us refuse to start.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          // Only remove the file if it is still ours.
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    // Stale (dead pid, or a file cut short by a crash): remove it unless someone replaced it meanwhile.
    if (readPid(file) === holder) fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another process keeps replacing it.`);
}

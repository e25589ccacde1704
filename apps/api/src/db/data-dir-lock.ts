import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const LOCK_FILE_NAME = 'vastra.lock';
/** The holder listens here while it runs; the kernel stops the listening when the process dies. */
export const LOCK_SOCKET_NAME = 'vastra.lock.sock';

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

/** Who wrote a lock file: its pid, and where known what makes that pid unique (decision 003). */
interface Holder {
  pid: number;
  /** Clock ticks since boot when the process started (/proc/<pid>/stat field 22). */
  start?: string;
  /** /proc/sys/kernel/random/boot_id: a reboot changes it. */
  boot?: string;
  /** It listens on the socket, so a refused connection proves it dead. */
  socket?: boolean;
}

/** A holder that has created the file but not yet written it is this young at most. */
const WRITING_GRACE_MS = 2_000;

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function startTimeOf(pid: number | 'self'): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19]; // field 22 of the whole line
}

function describeSelf(socket: boolean): string {
  const start = startTimeOf('self');
  const boot = readOptional('/proc/sys/kernel/random/boot_id');
  return [
    String(process.pid),
    ...(start ? [`start=${start}`] : []),
    ...(boot ? [`boot=${boot}`] : []),
    ...(socket ? ['socket=1'] : []),
  ].join('\n');
}

/** Line 1 is the pid (as older versions wrote it), then `key=value` lines. */
function parseHolder(text: string): Holder | undefined {
  const [first, ...rest] = text.trim().split('\n');
  const pid = Number(first);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const holder: Holder = { pid };
  for (const line of rest) {
    const [key, value] = line.split('=', 2);
    if ((key === 'start' || key === 'boot') && value) holder[key] = value.trim();
    if (key === 'socket') holder.socket = value?.trim() === '1';
  }
  return holder;
}

/**
 * The pid judgement, for when the socket cannot answer (no socket support on the volume, a lock
 * written by an older version). A pid alone is not enough: a restarted container's server gets
 * the same pid (1) as the one that died, and pids are reused.
 */
function pidLooksAlive(holder: Holder): boolean {
  // Our own pid: we have not written the file yet, so it was a previous process with our number.
  if (holder.pid === process.pid) return false;
  const boot = readOptional('/proc/sys/kernel/random/boot_id');
  if (holder.boot && boot && holder.boot !== boot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — it may still be the holder.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Same pid, another start time: the number was reused by some other process.
  const start = startTimeOf(holder.pid);
  return !(holder.start && start && holder.start !== start);
}

/**
 * Sockets are named by path, at most ~107 bytes, and Node cuts longer ones short without a word.
 * Linux reaches a long directory through the file descriptor of the directory instead.
 */
function socketAddress(dataDir: string): { address: string; done(): void } | undefined {
  if (process.platform === 'win32') return undefined;
  const direct = path.join(dataDir, LOCK_SOCKET_NAME);
  if (Buffer.byteLength(direct) <= 100) return { address: direct, done() {} };
  if (process.platform !== 'linux') return undefined;
  const fd = fs.openSync(dataDir, 'r');
  return { address: `/proc/self/fd/${fd}/${LOCK_SOCKET_NAME}`, done: () => fs.closeSync(fd) };
}

type Probe = 'alive' | 'dead' | 'unknown';

/** Connects to the holder's socket: accepted means a live holder, refused means it died. */
function probeSocket(dataDir: string): Promise<Probe> {
  const target = socketAddress(dataDir);
  if (!target) return Promise.resolve('unknown');
  return new Promise<Probe>((resolve) => {
    const socket = net.connect(target.address);
    const finish = (result: Probe) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => finish('unknown'));
    socket.once('connect', () => finish('alive'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      // ENOENT: no socket at all (none could be made there, or an older version holds it).
      finish(error.code === 'ECONNREFUSED' ? 'dead' : 'unknown'),
    );
  }).finally(() => target.done());
}

/** Listens on the socket; undefined where the volume cannot hold one (then the pid judges). */
async function listenOnSocket(dataDir: string): Promise<net.Server | undefined> {
  const target = socketAddress(dataDir);
  if (!target) return undefined;
  try {
    // Left by a holder that died: we hold the lock file now, so it is nobody's.
    fs.rmSync(path.join(dataDir, LOCK_SOCKET_NAME), { force: true });
    const server = net.createServer((connection) => connection.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(target.address, () => resolve());
    });
    server.on('error', () => {});
    // The lock must not keep a finished process alive.
    server.unref();
    return server;
  } catch {
    return undefined;
  } finally {
    target.done();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PGlite has no lock of its own, and two processes on one PGlite directory corrupt it. We create
 * `vastra.lock` with O_EXCL and, while we run, listen on a Unix socket beside it: a second server
 * that finds the file connects to the socket, and only a refused connection (the listener died
 * with its process) makes the lock stale. Pids are only the fallback (decision 003).
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const deadline = Date.now() + WRITING_GRACE_MS + 2_000;

  while (Date.now() < deadline) {
    let fd: number | undefined;
    try {
      fd = fs.openSync(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      let server: net.Server | undefined;
      try {
        // The socket first, the contents after: a filled-in file promises a listening holder.
        server = await listenOnSocket(dataDir);
        fs.writeSync(fd, `${describeSelf(server !== undefined)}\n`);
      } catch (error) {
        server?.close();
        fs.rmSync(file, { force: true });
        throw error;
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          // Closing removes the socket file too.
          server?.close();
          // Only remove the file if it is still ours.
          if (parseHolder(readOptional(file) ?? '')?.pid === process.pid)
            fs.rmSync(file, { force: true });
        },
      };
    }

    const text = readOptional(file);
    const holder = text === undefined ? undefined : parseHolder(text);
    if (text === undefined) {
      // Empty: a holder between creating the file and writing it, or one that crashed right there.
      let age = Infinity;
      try {
        age = Date.now() - fs.statSync(file).mtimeMs;
      } catch {
        continue; // gone meanwhile: try again
      }
      if (age < WRITING_GRACE_MS) {
        await sleep(100);
        continue;
      }
    } else if (holder) {
      const probe = await probeSocket(dataDir);
      // A refusal proves death only if the holder said it listens; otherwise the pid decides.
      let alive: boolean;
      if (probe === 'alive') alive = true;
      else if (probe === 'dead' && holder.socket) alive = false;
      else alive = pidLooksAlive(holder);
      if (alive) throw new DataDirLockedError(dataDir, holder.pid);
    }
    // Stale (its holder died, or the file is garbled): remove it unless it changed meanwhile.
    if (readOptional(file) === text) fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another process keeps replacing it.`);
}

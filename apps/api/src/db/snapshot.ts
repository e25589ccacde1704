import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../lib/logger';
import type { DatabaseHandle } from './client';

/**
 * While the server runs on PGlite it alone may open the database (decision 003), so `npm run
 * backup` asks it for a snapshot over this Unix socket in the data directory: only someone who
 * may read the data directory can connect (the socket is 0600, like the database files), and
 * nothing is reachable over the network (decision 117).
 */
const SNAPSHOT_SOCKET_NAME = 'vastra.backup.sock';
/** Longest path a Unix socket takes (sun_path, 108 bytes with its NUL, with a margin). */
const SOCKET_PATH_MAX = 100;

/**
 * Answers every connection with one snapshot: a JSON line `{"bytes":N}` then N bytes of the
 * data directory's tar, or `{"error":"…"}`. Returns the function that stops listening.
 */
export async function serveSnapshots(
  dataDir: string,
  database: DatabaseHandle,
  log: Logger,
): Promise<() => void> {
  const snapshot = database.snapshot;
  const address = path.join(dataDir, SNAPSHOT_SOCKET_NAME);
  if (!snapshot) return () => {};
  if (Buffer.byteLength(address) > SOCKET_PATH_MAX) {
    log.warn(`backups while running are off: the path ${address} is too long for a socket`);
    return () => {};
  }
  // One left by a server that died: we hold the data directory's lock, so it is nobody's.
  fs.rmSync(address, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => {});
    snapshot().then(
      (tar) => {
        log.info({ bytes: tar.length }, 'database snapshot sent for a backup');
        connection.write(`${JSON.stringify({ bytes: tar.length })}\n`);
        connection.end(tar);
      },
      (error: unknown) => {
        log.error({ err: error }, 'database snapshot failed');
        connection.end(`${JSON.stringify({ error: 'the server could not take a snapshot' })}\n`);
      },
    );
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  server.on('error', () => {});
  server.unref();
  return () => server.close();
}

/**
 * Asks the server running on `dataDir` for a snapshot; undefined when none listens (no server,
 * or it is on PostgreSQL), so the caller may open the database itself.
 */
export function requestSnapshot(dataDir: string): Promise<Buffer | undefined> {
  const address = path.join(dataDir, SNAPSHOT_SOCKET_NAME);
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as {
        bytes?: number;
        error?: string;
      };
      const tar = all.subarray(newline + 1);
      if (header.error !== undefined) reject(new Error(`The running server said: ${header.error}`));
      else if (tar.length !== header.bytes)
        reject(new Error(`The snapshot was cut short (${tar.length} of ${header.bytes} bytes)`));
      else resolve(tar);
    });
  });
}

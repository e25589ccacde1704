import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  LOCK_SOCKET_NAME,
} from './data-dir-lock';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-lock-'));
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const firstLine = (file: string) => fs.readFileSync(file, 'utf8').split('\n')[0];
const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
/** Field 22 of /proc/<pid>/stat: when that process started. */
function startTime(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

/** Leaves a socket file nobody listens on, the way a holder killed with SIGKILL leaves it. */
async function leaveDeadSocket(file: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(file)}, () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(fs.statSync(file).isSocket()).toBe(true);
}

describe('data-dir lock', () => {
  it('creates the directory, a lock file naming us and a listening socket, both removed on release', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const lock = await acquireDataDirLock(dir);
    const lines = fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim().split('\n');
    expect(lines).toEqual([
      String(process.pid),
      `start=${startTime(process.pid)}`,
      `boot=${bootId()}`,
      'socket=1',
    ]);
    expect(fs.statSync(path.join(dir, LOCK_SOCKET_NAME)).isSocket()).toBe(true);
    lock.release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a second holder while the first is alive, with a message naming the dir and pid', async () => {
    const dir = tempDir();
    const first = await acquireDataDirLock(dir);
    try {
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(
        new RegExp(`${dir}.*pid ${process.pid}`),
      );
    } finally {
      first.release();
    }
    // Once released, it can be taken again.
    (await acquireDataDirLock(dir)).release();
  });

  it('refuses while a live holder answers on the socket, even if its pid is ours (another PID namespace)', async () => {
    const dir = tempDir();
    const holder = await acquireDataDirLock(dir);
    try {
      // A server in another container can have our pid number; its socket still answers.
      fs.writeFileSync(holder.path, `${process.pid}\nsocket=1\n`);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    } finally {
      holder.release();
    }
  });

  it('takes over a lock whose socket refuses, though its pid is alive (a restarted container’s PID 1)', async () => {
    const dir = tempDir();
    await leaveDeadSocket(path.join(dir, LOCK_SOCKET_NAME));
    // pid 1 is alive here, with exactly this start time and boot: only the socket tells.
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      `1\nstart=${startTime(1)}\nboot=${bootId()}\nsocket=1\n`,
    );
    const lock = await acquireDataDirLock(dir);
    expect(firstLine(lock.path)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock naming our own pid when nothing answers (we had not written it)', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${process.pid}\n`);
    const lock = await acquireDataDirLock(dir);
    expect(firstLine(lock.path)).toBe(String(process.pid));
    lock.release();
  });

  it('without a socket, a live pid with another start time is a reused pid: stale', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `1\nstart=1${startTime(1)}\n`);
    (await acquireDataDirLock(dir)).release();
  });

  it('without a socket, a lock written before the last reboot is stale', async () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      `1\nstart=${startTime(1)}\nboot=00000000-0000-0000-0000-000000000000\n`,
    );
    (await acquireDataDirLock(dir)).release();
  });

  it('without a socket, refuses while a live process of someone else holds it (an older version’s lock)', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '1\n'); // pid 1 is always alive
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/pid 1\b/);
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      `1\nstart=${startTime(1)}\nboot=${bootId()}\n`,
    );
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/pid 1\b/);
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = await acquireDataDirLock(dir);
    expect(firstLine(lock.path)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a garbled lock file, and an empty one once it is too old to be mid-write', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, 'garbage\n');
    (await acquireDataDirLock(dir)).release();

    fs.writeFileSync(file, '');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(file, past, past);
    (await acquireDataDirLock(dir)).release();
  });

  it('waits for a holder that has created the file but not yet written it', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, '');
    setTimeout(() => fs.writeFileSync(file, '1\n'), 300);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/pid 1\b/);
  });

  it('works in a directory whose path is too long for a socket name', async () => {
    const dir = path.join(tempDir(), 'd'.repeat(120));
    const lock = await acquireDataDirLock(dir);
    try {
      expect(fs.statSync(path.join(dir, LOCK_SOCKET_NAME)).isSocket()).toBe(true);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
      // Nothing was made under a cut-short name in the parent.
      expect(fs.readdirSync(path.dirname(dir))).toEqual(['d'.repeat(120)]);
    } finally {
      lock.release();
    }
    (await acquireDataDirLock(dir)).release();
  });

  it('release does not remove a lock that another process has taken since', async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    fs.writeFileSync(lock.path, '1\n');
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(true);
  });
});

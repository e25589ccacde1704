import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-lock-'));
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data-dir lock', () => {
  it('creates the directory and a lock file holding our pid, removed on release', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(
      String(process.pid),
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second holder while the first is alive, with a message naming the dir and pid', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`${dir}.*pid ${process.pid}`));
    } finally {
      first.release();
    }
    // Once released, it can be taken again.
    acquireDataDirLock(dir).release();
  });

  it('refuses while a live process of someone else holds it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '1\n'); // pid 1 is always alive
    expect(() => acquireDataDirLock(dir)).toThrow(/pid 1\b/);
  });

  it('takes over a stale lock left by a process that died', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or garbled lock file (a crash while writing it)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '');
    acquireDataDirLock(dir).release();
  });

  it('release does not remove a lock that another process has taken since', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    fs.writeFileSync(lock.path, '1\n');
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(true);
  });
});

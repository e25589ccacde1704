import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/test-app';
import { preparePgliteDataDir, usingPostgres } from '../test/test-database';
import { LOCK_FILE_NAME } from './data-dir-lock';
import { insertProducts } from '../test/fixtures';

/**
 * The real server as a container runs it: PID 1 of a fresh PID namespace, so every start has the
 * same pid as the one before. A `kill -9` must not leave a lock that the next start takes for live.
 */
const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

const unshareWorks = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
}

function startAsPid1(dataDir: string): Started {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const child = spawn(
    'unshare',
    // --kill-child: the server goes when the test's handle on it goes.
    [
      '--pid',
      '--fork',
      '--mount-proc',
      '--kill-child=SIGTERM',
      process.execPath,
      '--import',
      'tsx',
      serverFile,
    ],
    {
      env: {
        ...inherited,
        NODE_ENV: 'test',
        JWT_SECRET: 'lock-test-secret-0123456789-abcdefghij',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: makeTempDir('web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async waitFor(pattern) {
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        const done = await Promise.race([exited.then(() => true), sleep(50).then(() => false)]);
        if (done && !output.match(pattern))
          throw new Error(`server exited before ${pattern}:\n${output}`);
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The host pid of the namespace's PID 1: unshare's only child. */
function pid1Of(server: Started): number {
  const pid = server.child.pid!;
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0]);
}

// The lock guards PGlite's data dir only; with TEST_DATABASE_URL the PGlite run already covers it.
describe.skipIf(usingPostgres || !unshareWorks)('data-dir lock, server as PID 1 (unshare)', () => {
  const dataDir = makeTempDir('pid1');
  const running: Started[] = [];

  beforeAll(async () => {
    // A catalogue is there already, so the server skips the (slow) image seed.
    await preparePgliteDataDir(dataDir, async (handle) => {
      await insertProducts(handle.db, [{ name: 'Survives a kill' }]);
    });
  });
  afterAll(() => {
    for (const server of running) server.child.kill('SIGKILL');
  });

  it('restarts on the same data dir after kill -9, and still refuses a second live server', async () => {
    const first = startAsPid1(dataDir);
    running.push(first);
    await first.waitFor(/Server listening at/);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe('1');

    // Another container's PID 1 on the same volume while the first runs: refused.
    const second = startAsPid1(dataDir);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another Vastra server (pid 1)');

    process.kill(pid1Of(first), 'SIGKILL');
    await first.exited;
    // The dead server's lock is still there, naming pid 1 — the pid the next start gets too.
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe('1');

    const third = startAsPid1(dataDir);
    running.push(third);
    const [, url] = await third.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(third.output()).not.toContain('already in use');
    const res = await fetch(`${url}/api/product/list`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { products: { name: string }[] };
    expect(body.products.map((p) => p.name)).toEqual(['Survives a kill']);

    // unshare waits for its child, so its exit follows the server's graceful stop.
    process.kill(pid1Of(third), 'SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 60_000);
});

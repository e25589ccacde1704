import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './test-database';

/*
 * The API server as a child process, for the api-processes project (docs/architecture.md §6):
 * server.process.test.ts and the stock race across two processes use it.
 */

/** The real process, started the way `npm start` starts it. */
const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

export interface Started {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
}

export function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // Required in production (config.ts).
      JWT_SECRET: 'server-test-secret-0123456789-abcdefghij',
      // No Razorpay keys here: production then takes payments only when asked to emulate.
      PAYMENTS: 'emulator',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const match = output.match(pattern);
        if (match) return resolve(match);
        waiters.push({ pattern, resolve });
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before ${pattern}:\n${output}`)),
        );
      }),
  };
}

/** The name of the test's PostgreSQL database, for a server process's DATABASE_URL. */
export async function currentDatabase(database: TestDatabase): Promise<string> {
  const result = await database.handle.db.execute<{ name: string }>(
    'SELECT current_database() AS name',
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as {
    name: string;
  }[];
  return rows[0]!.name;
}

import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A child process started by a process test, with its output kept and waited on. */
export interface Watched {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  /** Resolves with the first match of `pattern` in the output; rejects if the child exits first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
}

export function watchChild(child: ChildProcessByStdio<null, Readable, Readable>): Watched {
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
          reject(new Error(`the process exited (${code}) before ${pattern}:\n${output}`)),
        );
      }),
  };
}

/** What every started server needs in production mode, without the test run's database settings. */
export function productionServerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  return {
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
  };
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { buildTestApp, testConfig, type LogLine, type TestApp, type TestAppDeps } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestSmtp, type TestSmtp } from './test-smtp';

export interface UseTestAppOptions {
  /**
   * Environment overrides for `testConfig()`; a function is called each time the app is built
   * (after the file's earlier `beforeAll` hooks, so it may use what they started).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** A manual clock, a mailer, shorter request timeouts, a listener of every route added. */
  deps?: TestAppDeps;
  /** Start a test SMTP server and point SMTP_URL at it (`smtp` on the result). */
  smtp?: boolean;
  /** Listen on a free port of 127.0.0.1 (`origin` on the result), for real HTTP. */
  listen?: boolean;
  /**
   * When the app is built: once for the file (default), afresh before each test (a fresh data dir
   * and empty caches), or only when the file calls `start()`.
   */
  app?: 'file' | 'test' | 'manual';
  /** Empty the app's tables before each test (default); false keeps one database state for the file. */
  reset?: boolean;
}

/** What `useTestApp()` gives a test file; each accessor throws until its `beforeAll` has run. */
export interface TestAppContext {
  readonly database: TestDatabase;
  /** `database.handle.db`. */
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly config: Config;
  /** Every log line the current app wrote, parsed. */
  readonly logs: LogLine[];
  /** With `smtp: true`. */
  readonly smtp: TestSmtp;
  /** With `listen: true`: `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /**
   * Builds another app now (`env` over the file's); the accessors then read it. One built in a
   * test is closed before the next test, one built in `beforeAll` at the end of the file.
   */
  start(env?: Record<string, string>): Promise<TestApp>;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`useTestApp: no ${what} yet (see its options)`);
  return value;
}

/**
 * One test file's database and app (docs/decisions/008-api-test-databases.md): registers the
 * `beforeAll`/`beforeEach`/`afterAll` hooks that create the database (a PGlite clone, or
 * PostgreSQL when TEST_DATABASE_URL is set), build the real app, empty the tables before each test
 * and close everything at the end. Called inside a `describe`, the hooks belong to that block.
 * Hooks the file registers after the call run after these (before each test: after the reset and
 * the build), so they may log in a shopper or put rows back.
 */
export function useTestApp(options: UseTestAppOptions = {}): TestAppContext {
  const mode = options.app ?? 'file';
  let database: TestDatabase | undefined;
  let smtp: TestSmtp | undefined;
  /** Set at the first test: an app built from then on lasts one test, one built before, the file. */
  let inTests = false;
  /** Every app built and not yet closed, newest last (the accessors read the newest). */
  const open: { built: TestApp; origin?: string; forOneTest: boolean }[] = [];
  const newest = () => open.at(-1);

  async function build(overrides: Record<string, string> = {}): Promise<TestApp> {
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const config = testConfig({ ...(smtp ? { SMTP_URL: smtp.url } : {}), ...env, ...overrides });
    const built = await buildTestApp(required(database, 'database'), config, options.deps);
    const entry: (typeof open)[number] = { built, forOneTest: inTests };
    open.push(entry);
    if (options.listen) entry.origin = await built.app.listen({ host: '127.0.0.1', port: 0 });
    return built;
  }
  async function close(which: (entry: (typeof open)[number]) => boolean): Promise<void> {
    for (const entry of [...open].reverse()) {
      if (!which(entry)) continue;
      open.splice(open.indexOf(entry), 1);
      await entry.built.close();
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    if (options.smtp) smtp = await startTestSmtp();
    if (mode === 'file') await build();
  });
  afterAll(async () => {
    await close(() => true);
    await smtp?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    inTests = true;
    await close((entry) => entry.forOneTest);
    if (options.reset !== false) await required(database, 'database').reset();
    if (mode === 'test') await build();
  });

  return {
    get database() {
      return required(database, 'database');
    },
    get db() {
      return required(database, 'database').handle.db;
    },
    get app() {
      return required(newest(), 'app').built.app;
    },
    get config() {
      return required(newest(), 'app').built.config;
    },
    get logs() {
      return required(newest(), 'app').built.logs;
    },
    get smtp() {
      return required(smtp, 'SMTP server');
    },
    get origin() {
      return required(newest()?.origin, 'origin');
    },
    start: build,
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { TestDatabase } from './test-database';

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `vastra-${prefix}-`));
}

/** A config for tests: temp data dir, and a storefront dir that may or may not hold a build. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    // Production refuses to start without one; tests use a fixed one so every app agrees.
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    DATA_DIR: makeTempDir('data'),
    WEB_DIST_DIR: makeTempDir('web'),
    ...overrides,
  });
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: LogLine[];
  close(): Promise<void>;
}

/** Extra dependencies: a manual clock, a mailer, shorter request timeouts, a route listener. */
export type TestAppDeps = Pick<
  AppDeps,
  'clock' | 'mailer' | 'timeouts' | 'onRoute' | 'sitemapUrlsPerFile'
>;

/** The real app on a real database, its logs captured instead of printed. */
export async function buildTestApp(
  database: TestDatabase,
  config: Config = testConfig(),
  deps: TestAppDeps = {},
): Promise<TestApp> {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const loggerInstance = pino({ level: config.logLevel }, sink);
  const app = await buildApp({ ...deps, config, database: database.handle, loggerInstance });
  await app.ready();
  return { app, config, logs, close: () => app.close() };
}

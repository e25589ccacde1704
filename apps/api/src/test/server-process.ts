import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rowsOf } from '../db/client';
import { productionServerEnv, watchChild, type Watched } from './child-process';
import type { TestDatabase } from './test-database';

/*
 * The API server as a child process, for the api-processes and deploy projects
 * (docs/architecture.md §6): server.process.test.ts, the stock race across two processes, the
 * backup and the deployment tests use it.
 */

/** The server's source through tsx, as `npm run dev` runs it (`npm start` runs its build). */
const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');

export type Started = Watched;

/** The real server process: production settings by default (`env` over them), a free port of 127.0.0.1. */
export function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: productionServerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchChild(child);
}

/** The name of the test's PostgreSQL database, for a server process's DATABASE_URL. */
export async function currentDatabase(database: TestDatabase): Promise<string> {
  const result = await database.handle.db.execute<{ name: string }>(
    'SELECT current_database() AS name',
  );
  return rowsOf<{ name: string }>(result)[0]!.name;
}

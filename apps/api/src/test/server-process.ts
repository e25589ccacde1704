import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionServerEnv, watchChild, type Watched } from './child-process';

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

// `npm start`: build what is not built, then run the API, which migrates and seeds the database
// on first start and serves the storefront and the API on one port (3000 unless PORT is set).
// The server runs as plain JavaScript (apps/api/dist/server.js, with source maps), not through tsx
// (docs/decisions/113-server-build-health-and-signals.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded, buildStorefrontIfNeeded, SERVER_BUILD } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server stops itself within 8 s of a signal (server.ts); past this it is killed. */
const STOP_DEADLINE_MS = 9_500;

// A storefront served from elsewhere (WEB_DIST_DIR) is not this checkout's to build.
if (!process.env.WEB_DIST_DIR) buildStorefrontIfNeeded();
await buildServerIfNeeded();

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
  cwd: root,
  // Node 22.1 and later keep the compiled code of the server and its packages here between starts
  // (Node 20 ignores it).
  env: { NODE_COMPILE_CACHE: path.join(root, 'apps/api/dist/compile-cache'), ...process.env },
  stdio: 'inherit',
});

// Pass Ctrl-C and service-manager stops on, so the server shuts down gracefully. With Ctrl-C the
// server gets SIGINT from the terminal as well; it ignores a repeated signal.
let stopTimer;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    stopTimer ??= setTimeout(() => server.kill('SIGKILL'), STOP_DEADLINE_MS);
  });
}
server.on('exit', (code, signal) => {
  clearTimeout(stopTimer);
  process.exit(code ?? (signal ? 1 : 0));
});

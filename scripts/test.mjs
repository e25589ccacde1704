// `npm test`: everything a reviewer needs, in order — type check, lint, unit tests, API tests on
// PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), a fresh storefront build, and browser
// tests in Chromium against the real server. Every step runs even when one fails, so one run
// shows every problem; the exit code is non-zero if any step failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontIfNeeded } from './build-if-needed.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureNginx } from './ensure-nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, 'test-results');
fs.mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : `FAILED (exit ${result.status})`} in ${seconds}s ===`);
  if (!ok) failedSteps.push(title);
  return ok;
}

function vitest(title, projects, env = {}) {
  const report = path.join(reportDir, `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const ok = run(
    title,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    env,
  );
  if (fs.existsSync(report)) {
    const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    if (summary.numTotalTests === 0) {
      console.log(`${title}: no test ran — that is a failure.`);
      if (ok) failedSteps.push(`${title} (no tests)`);
    }
  } else if (ok) {
    failedSteps.push(`${title} (no report)`);
  }
}

const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;

run('Type check', 'npm', ['run', 'typecheck']);
// Lint is ESLint and `prettier --check`: one formatting, checked, not hoped for.
run('Lint', 'npm', ['run', '-s', 'lint']);
vitest('Unit tests', ['unit', 'web']);
// The API suite picks PostgreSQL when TEST_DATABASE_URL is set: run it once without, once with.
process.env = envWithoutPostgres;
// Both API projects: the inner loop's and the one that starts real processes (vitest.config.ts).
vitest('API tests on PGlite', ['api', 'api-processes']);
if (TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['api', 'api-processes'], { TEST_DATABASE_URL });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: API tests on PostgreSQL skipped.)');
}

// deploy/ as shipped: two processes on PostgreSQL and Redis behind nginx (decision 116); once, on
// its own database. It skips itself (and says so) where PostgreSQL or Redis does not answer.
try {
  ensureNginx();
  vitest('Deployment test', ['deploy']);
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  failedSteps.push('Deployment test set-up');
}

let browserReady = true;
try {
  buildStorefrontIfNeeded({ force: true });
  ensureChromium();
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  failedSteps.push('Browser test set-up');
  browserReady = false;
}
if (browserReady) {
  vitest('Browser tests', ['e2e']);
  // Apart, and after: the admin journeys change the catalogue (vitest.config.ts).
  vitest('Browser tests of the admin', ['e2e-admin']);
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);

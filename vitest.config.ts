import { defineConfig } from 'vitest/config';

/**
 * Journeys that add products: the owner's (they add products and set stock), the shopper's stock
 * journeys and the cart's edge cases (they add products with the stock they need through the
 * admin API, docs/decisions/111, 112). A product added while a collection journey compares its
 * pages and counts with the catalogue it read would fail that journey, so these run apart.
 */
const ADMIN_JOURNEYS = [
  'apps/web/e2e/admin*.spec.ts',
  'apps/web/e2e/stock-*.spec.ts',
  'apps/web/e2e/cart-edges.spec.ts',
];
const API_UNIT_TESTS = 'apps/api/src/**/*.unit.test.ts';
const API_PROCESS_TESTS = 'apps/api/src/**/*.process.test.ts';
const DEPLOY_TESTS = 'apps/api/src/**/*.deploy.test.ts';
/** The storefront's dependencies that import react or react-dom (see the `web` project). */
const REACT_IMPORTERS = [
  '@testing-library/react',
  'react-router',
  'react-toastify',
  'react-hook-form',
  '@hookform/resolvers',
];
const apiTests = {
  environment: 'node' as const,
  // Each file opens its own database; keep two at a time on a 2-core machine.
  maxWorkers: 2,
  // The files of a worker share its loaded modules instead of importing the whole app again per
  // file: about a third of the suite's time. Each file still builds its own app on its own database, and
  // nothing a test keeps lives in module state (docs/decisions/152-test-run-time.md).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const browserJourneys = {
  environment: 'node' as const,
  globalSetup: ['apps/web/e2e/support/global-setup.ts'],
  maxWorkers: 2,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// One runner for every non-browser test. Projects keep the environments apart:
// pure rules run in Node, storefront components in jsdom, API tests against a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', API_UNIT_TESTS],
          environment: 'node',
          // Pure functions: the files share their worker's modules (docs/decisions/152).
          isolate: false,
          // Vitest's default is one worker fewer than the cores: one, on the 2-core CI machine.
          maxWorkers: 2,
        },
      },
      {
        // The storefront's own Vite config brings its JSX set-up and its react → preact/compat
        // alias (docs/decisions/024, 137).
        extends: './apps/web/vite.config.ts',
        resolve: {
          // A list, so it comes before the storefront's react-dom → preact/compat when merged.
          alias: [
            { find: '@', replacement: new URL('./apps/web/src', import.meta.url).pathname },
            // Testing Library's act, with React's async timing (apps/web/src/test/react-act.ts).
            {
              find: 'react-dom/test-utils',
              replacement: new URL('./apps/web/src/test/react-act.ts', import.meta.url).pathname,
            },
          ],
          // Their ES module builds, as the storefront's build takes them: Vitest's Node defaults
          // would pick the CommonJS ones, whose require('react') the alias cannot reach.
          conditions: ['module'],
          mainFields: ['module'],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Isolated (the stores and toasts are module state), in threads: quicker to start.
          pool: 'threads',
          // Two, not the default one on two cores: 60 s instead of 97 s (docs/decisions/152).
          maxWorkers: 2,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Packages that import react are run through Vite, so the alias reaches them too:
          // left to Node, they would load React's own react-dom beside Preact (decision 137).
          server: { deps: { inline: REACT_IMPORTERS } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [API_UNIT_TESTS, API_PROCESS_TESTS, DEPLOY_TESTS],
          ...apiTests,
        },
      },
      {
        // Tests that start the real server or a script as a child process: seconds each, so apart
        // from the inner loop (`npm run test:api`); `npm test` runs both projects.
        test: {
          name: 'api-processes',
          include: [API_PROCESS_TESTS],
          ...apiTests,
        },
      },
      {
        // deploy/ as shipped: two processes, PostgreSQL, Redis, nginx (`npm run test:deploy`,
        // once in `npm test`: it brings its own database, so it does not run per engine).
        test: {
          name: 'deploy',
          include: [DEPLOY_TESTS],
          ...apiTests,
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Browser journeys: the built storefront served by the real server, driven in Chromium.
          include: ['apps/web/e2e/**/*.spec.ts'],
          exclude: ADMIN_JOURNEYS,
          ...browserJourneys,
        },
      },
      {
        test: {
          // The journeys that add products (ADMIN_JOURNEYS above) would change the catalogue under
          // the shopper journeys that compare pages with it: they run after those, on a server of
          // their own (scripts/test.mjs runs this project second).
          name: 'e2e-admin',
          include: ADMIN_JOURNEYS,
          ...browserJourneys,
        },
      },
    ],
  },
});

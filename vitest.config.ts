import { defineConfig } from 'vitest/config';

/**
 * Journeys that change the catalogue: the owner's (they add products and set stock) and the
 * shopper's stock journeys (they add products and set their stock through the admin API,
 * docs/decisions/111, 112).
 */
const ADMIN_JOURNEYS = ['apps/web/e2e/admin*.spec.ts', 'apps/web/e2e/stock-*.spec.ts'];
const API_UNIT_TESTS = 'apps/api/src/**/*.unit.test.ts';
const API_PROCESS_TESTS = 'apps/api/src/**/*.process.test.ts';
const DEPLOY_TESTS = 'apps/api/src/**/*.deploy.test.ts';
const apiTests = {
  environment: 'node' as const,
  // Each file opens its own database; keep two at a time on a 2-core machine.
  maxWorkers: 2,
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
        },
      },
      {
        // The storefront's own Vite config brings its React plugin (installed in apps/web only).
        extends: './apps/web/vite.config.ts',
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
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
          // The shop owner's journeys and the stock journeys add products, so they would change
          // the catalogue under the shopper journeys that compare pages with it: they run after
          // those, on a server of their own (scripts/test.mjs runs this project second).
          name: 'e2e-admin',
          include: ADMIN_JOURNEYS,
          ...browserJourneys,
        },
      },
    ],
  },
});

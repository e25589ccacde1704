import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints } from '@vastra/shared/api/endpoints';
import { buildApp } from './app';
import { testConfig } from './test/test-app';
import { createTestDatabase, type TestDatabase } from './test/test-database';

/**
 * The endpoint table and the app agree (docs/decisions/100-endpoint-table.md): every route the
 * built app registers is in packages/shared/src/api/endpoints/ with the same schemas, and every
 * entry of the table is registered. Only the storefront's own files are served without an entry.
 */

/** @fastify/static's routes: the built storefront and its SPA fallback, uploads, the demo clips. */
const FILE_ROUTES = ['GET /*', 'GET /uploads/*', 'GET /media/videos/*'];
/** What exists only outside production: the development outbox and this reference. */
const DEVELOPMENT_ONLY = [
  'GET /dev/outbox',
  'GET /dev/outbox.json',
  'GET /api/docs',
  'GET /api/docs/openapi.json',
];

interface Registered {
  key: string;
  schema: RouteOptions['schema'];
}

async function registeredRoutes(
  database: TestDatabase,
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; routes: Registered[] }> {
  const routes: Registered[] = [];
  // With METRICS_TOKEN, so /metrics (off without it) is registered too.
  const config = testConfig({ METRICS_TOKEN: 'endpoint-table-metrics-token', ...env });
  // A built storefront, so its files and the SPA fallback are served as in production.
  fs.writeFileSync(
    path.join(config.webDistDir, 'index.html'),
    '<!doctype html><title>Vastra</title>',
  );
  const app = await buildApp({
    config,
    database: database.handle,
    onRoute: (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS')
          routes.push({ key: `${method} ${route.url}`, schema: route.schema });
    },
  });
  await app.ready();
  return { app, routes };
}

const table = listEndpoints().map(({ name, endpoint }) => ({
  name,
  key: `${endpoint.method} ${endpoint.url}`,
  endpoint,
}));

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.destroy();
});

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const keys = table.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(40);
  });

  it('holds every route of the app, with the schemas the route was registered with', async () => {
    const { app, routes } = await registeredRoutes(database, {});
    apps.push(app);
    const served = routes.map((route) => route.key).filter((key) => !FILE_ROUTES.includes(key));
    expect([...served].sort()).toEqual(table.map((entry) => entry.key).sort());
    // The file routes really are the app's (a renamed one would otherwise pass unnoticed).
    expect(routes.map((route) => route.key)).toEqual(expect.arrayContaining(FILE_ROUTES));
    for (const entry of table) {
      const route = routes.find((candidate) => candidate.key === entry.key);
      expect(route?.schema, entry.name).toBe(entry.endpoint.schema);
    }
  });

  it('is what production serves, less the development pages', async () => {
    const { app, routes } = await registeredRoutes(database, {
      NODE_ENV: 'production',
      PAYMENTS: 'emulator',
    });
    apps.push(app);
    const served = routes.map((route) => route.key).filter((key) => !FILE_ROUTES.includes(key));
    const expected = table
      .map((entry) => entry.key)
      .filter((key) => !DEVELOPMENT_ONLY.includes(key));
    expect([...served].sort()).toEqual(expected.sort());
  });
});

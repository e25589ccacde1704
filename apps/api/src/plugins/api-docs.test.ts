import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints } from '@vastra/shared/api/endpoints';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

/** The API reference generated from the endpoint table (docs/decisions/100-endpoint-table.md). */

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        parameters?: { in: string; name: string }[];
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
        security?: Record<string, string[]>[];
      }
    >
  >;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
}

let database: TestDatabase;
let development: FastifyInstance;
let production: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // With METRICS_TOKEN, so /metrics (off without it) is in the reference too.
  development = await buildApp({
    config: testConfig({ METRICS_TOKEN: 'api-docs-metrics-token' }),
    database: database.handle,
  });
  production = await buildApp({
    config: testConfig({ NODE_ENV: 'production', PAYMENTS: 'emulator' }),
    database: database.handle,
  });
  await Promise.all([development.ready(), production.ready()]);
});

afterAll(async () => {
  await development?.close();
  await production?.close();
  await database?.destroy();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('in development, /api/docs', () => {
  it('lists every route of the table on one page without scripts, under the shop’s CSP', async () => {
    const response = await development.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script/i);
    for (const { endpoint } of listEndpoints()) {
      expect(response.body).toContain(
        `<span class="method">${endpoint.method}</span> <code>${endpoint.url}</code>`,
      );
    }
    expect(response.body).not.toContain('/uploads/*');
  });

  it('shows request and answer shapes: the cart update’s body and answer', async () => {
    const page = (await development.inject({ url: '/api/docs' })).body;
    const start = page.indexOf('<code>/api/cart/update</code>');
    const section = page.slice(start, page.indexOf('</section>', start));
    expect(section).toContain('Body');
    expect(section).toMatch(
      /itemId: string uuid,\s+size: string 1–10 chars,\s+quantity: integer 0–10/,
    );
    expect(section).toMatch(/Answer 200<\/h4><pre>\{\s+success: true,\s+message: string,/);
    expect(section).toContain('Refusals <code>{ success: false, message }</code>: 400, 401');
    expect(section).toContain('Needs: a session');
  });

  it('serves the OpenAPI document with the zod schemas as JSON Schema', async () => {
    const response = await development.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApi>();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(listEndpoints().length);
    for (const { endpoint } of listEndpoints())
      expect(doc.paths[openApiPath(endpoint.url)], endpoint.url).toHaveProperty(
        endpoint.method.toLowerCase(),
      );

    const update = doc.paths['/api/cart/update']?.post;
    const body = update?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(['itemId', 'size', 'quantity']);
    expect(body?.required).toEqual(['itemId', 'size', 'quantity']);
    expect(update?.security).toEqual([{ session: [] }]);
    expect(Object.keys(update?.responses ?? {})).toEqual(['200', '400', '401']);

    const product = doc.paths['/api/product/{id}']?.get;
    expect(product?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    const answer = product?.responses['200']?.content?.['application/json']?.schema;
    expect(answer?.properties?.product?.required).toEqual(
      expect.arrayContaining(['_id', 'name', 'price', 'sizes']),
    );

    // A multipart call shows its fields and its files, which its route cannot declare.
    const create = doc.paths['/api/admin/products']?.post;
    const form = create?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties?.images?.format).toBe('binary');
    expect(form?.required).toEqual(expect.arrayContaining(['name', 'price', 'sizes', 'images']));
    expect(create?.security).toEqual([{ adminSession: [] }]);

    const orders = doc.paths['/api/admin/orders']?.get;
    expect(orders?.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'status', 'payment', 'paymentMethod']),
    );
  });
});

describe('in production', () => {
  it('has no reference: /api/docs and its JSON are 404', async () => {
    for (const url of ['/api/docs', '/api/docs/openapi.json']) {
      const response = await production.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

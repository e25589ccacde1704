import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  endpoints,
  listEndpoints,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointRefusalStatus,
} from './endpoints';
import { lateRoutes } from './late-routes';
import { routes, type Route } from './routes';

describe('the endpoint table', () => {
  it('takes every method and path from routes.ts and late-routes.ts, which have no route the table lacks', () => {
    const addresses = Object.entries({ ...routes, ...lateRoutes }).flatMap(([group, entries]) =>
      Object.entries(entries as Record<string, Route>).map(([name, route]) => ({
        name: `${group}.${name}`,
        route,
      })),
    );
    expect(
      listEndpoints().map(({ name, endpoint: { method, url } }) => ({
        name,
        route: { method, url },
      })),
    ).toEqual(addresses);
  });

  it('keeps routes.ts free of imports, so the storefront’s first chunk can load it without zod', async () => {
    const source = await readFile(new URL('./routes.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\b|\bimport\(/m);
  });

  it('names each path’s :params in its params schema, and only those', () => {
    for (const { name, endpoint } of listEndpoints()) {
      const inPath = [...endpoint.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const params = endpoint.schema.params as z.ZodObject | undefined;
      expect(Object.keys(params?.shape ?? {}), name).toEqual(inPath);
    }
  });

  it('declares multipart calls as such, with no body schema Fastify would apply', () => {
    for (const { name, endpoint } of listEndpoints()) {
      const multipart = endpoint.schema.consumes?.includes('multipart/form-data') ?? false;
      expect(multipart, name).toBe(endpoint.multipart !== undefined);
      if (multipart) expect(endpoint.schema.body, name).toBeUndefined();
    }
  });

  it('gives every shop call under /api an answer and a summary', () => {
    for (const { name, endpoint } of listEndpoints()) {
      expect(endpoint.schema.summary.length, name).toBeGreaterThan(5);
      if (endpoint.url.startsWith('/api/') && !endpoint.url.startsWith('/api/docs'))
        expect(endpoint.schema.response?.[200], name).toBeDefined();
    }
  });

  it('checks a request with the same schema the route uses', () => {
    const body = endpoints.cart.update.schema.body;
    expect(body.safeParse({ itemId: crypto.randomUUID(), size: 'M', quantity: 2 }).success).toBe(
      true,
    );
    expect(body.safeParse({ itemId: crypto.randomUUID(), size: 'M', quantity: 11 }).success).toBe(
      false,
    );
  });

  it('types each call’s body, query, params and answer from its schemas', () => {
    expectTypeOf<EndpointBody<'cart.update'>>().toEqualTypeOf<{
      itemId: string;
      size: string;
      quantity: number;
    }>();
    expectTypeOf<EndpointAnswer<'cart.update'>>().toEqualTypeOf<{
      success: true;
      message: string;
      quantity: number;
    }>();
    expectTypeOf<EndpointRefusalStatus<'cart.update'>>().toEqualTypeOf<400 | 401>();
    expectTypeOf<EndpointParams<'catalog.product'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<EndpointBody<'catalog.list'>>().toEqualTypeOf<undefined>();
    // The emulator answers Razorpay's shapes and the reference its pages: no answer of ours.
    expectTypeOf<EndpointAnswer<'razorpayEmulator.pay'>>().toBeNever();
    expectTypeOf<EndpointAnswer<'development.docs'>>().toBeNever();
    expectTypeOf<EndpointQuery<'admin.orderList'>>().toHaveProperty('pageSize');
    expectTypeOf<'cart.update'>().toExtend<EndpointName>();
    expectTypeOf<'cart.nope'>().not.toExtend<EndpointName>();
  });
});

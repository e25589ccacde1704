import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { useTestApp } from '../../test/use-test-app';
import { loggedInShopper, loggedInAdmin, multipart } from '../../test/fixtures';

const t = useTestApp({ reset: false });
let customerToken: string;
let adminToken: string;

beforeAll(async () => {
  customerToken = (await loggedInShopper(t.app, t.db)).token;
  adminToken = (await loggedInAdmin(t.app, t.db)).token;
});

const ID = '8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11';
const form = multipart({ name: 'Shirt' });

/** Every admin route, with a body it would accept in shape. */
const ROUTES: (Omit<InjectOptions, 'url'> & { url: string })[] = [
  { method: 'GET', url: '/api/admin/overview' },
  { method: 'GET', url: '/api/admin/products' },
  { method: 'POST', url: '/api/admin/products', ...form },
  { method: 'PATCH', url: `/api/admin/products/${ID}`, payload: { price: 999 } },
  { method: 'POST', url: `/api/admin/products/${ID}/images`, ...form },
  { method: 'DELETE', url: `/api/admin/products/${ID}` },
  { method: 'GET', url: '/api/admin/orders' },
  { method: 'POST', url: `/api/admin/orders/${ID}/status`, payload: { status: 'Packing' } },
  { method: 'POST', url: `/api/admin/orders/${ID}/paid` },
  { method: 'GET', url: '/api/admin/coupons' },
  {
    method: 'POST',
    url: '/api/admin/coupons',
    payload: { code: 'NEW10', kind: 'percent', percent: 10 },
  },
  { method: 'PATCH', url: `/api/admin/coupons/${ID}`, payload: { active: false } },
  { method: 'GET', url: '/api/admin/videos' },
  {
    method: 'POST',
    url: '/api/admin/videos',
    payload: { videoUrl: 'https://cdn.example.com/a.mp4' },
  },
  { method: 'POST', url: '/api/admin/videos/upload', ...form },
  { method: 'PUT', url: '/api/admin/videos/order', payload: { ids: [ID] } },
  { method: 'PATCH', url: `/api/admin/videos/${ID}`, payload: { title: 'New' } },
  { method: 'DELETE', url: `/api/admin/videos/${ID}` },
];

describe('every /api/admin route', () => {
  it('is registered: an admin gets through to the handler', async () => {
    for (const route of ROUTES) {
      const res = await t.app.inject({
        ...route,
        headers: { ...route.headers, token: adminToken },
      });
      // Not refused at the door, and not an unknown route (the not-found answer names the address).
      expect(res.body, `${route.method} ${route.url}`).not.toMatch(/Not found: /);
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: 401 without a token, 401 with a bad one, 403 for a customer',
    async (_name, route) => {
      const visitor = await t.app.inject(route);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ success: false, message: 'Please login to continue' });

      const forged = await t.app.inject({
        ...route,
        headers: { ...route.headers, token: 'not.a.jwt' },
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ success: false });

      const customer = await t.app.inject({
        ...route,
        headers: { ...route.headers, token: customerToken },
      });
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({
        success: false,
        message: 'You do not have access to this page',
      });
    },
  );
});

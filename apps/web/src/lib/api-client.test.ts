// @vitest-environment node
// Node's own fetch and AbortController, talking to a real HTTP server: jsdom's AbortSignal is
// not accepted by Node's fetch, and nothing of the transport is mocked here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { EndpointAnswer } from '@vastra/shared/api/endpoints';
import { REQUEST_TIMEOUT_MS } from '@vastra/shared/constants';
import { addLateTableGroups } from './late-table-groups';
import {
  ApiError,
  createApiClient,
  toastApiError,
  TRANSPORT_MESSAGES,
  type ApiClient,
  type ApiClientOptions,
} from './api-client';
import type { Notifier } from './toast';

// Some calls here are the admin's, whose groups its chunk adds when it loads.
addLateTableGroups();

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the test server answers the next requests; each test says (`replyWith`). */
type Reply = (res: http.ServerResponse, req: http.IncomingMessage) => void;

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
const hanging = new Set<http.ServerResponse>();

const json =
  (status: number, body: unknown): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
const text =
  (status: number, contentType: string, body: string): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  };
const hang: Reply = (res) => void hanging.add(res);
const drop: Reply = (_, req) => void req.socket.destroy();

/** A valid answer of `payments.mode` (checked by its guard) and of `orders.count` (by zod). */
const MODE = { success: true, mode: 'emulator' } as const;
const COUNT = { success: true, orderCount: 3 } as const;

let reply: Reply = json(200, MODE);
const replyWith = (next: Reply) => (reply = next);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      reply(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
  reply = json(200, MODE);
  for (const res of hanging) res.destroy();
  hanging.clear();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function setup(overrides: Partial<ApiClientOptions> & { token?: string | null } = {}) {
  let token = overrides.token ?? null;
  const notifier: Notifier = { error: vi.fn(), info: vi.fn(), success: vi.fn() };
  const clearSession = vi.fn(() => {
    token = null;
  });
  const client = createApiClient({
    baseUrl,
    getToken: () => token,
    clearSession,
    notify: notifier,
    ...overrides,
  });
  return { client, notifier, clearSession, currentToken: () => token };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: requests', () => {
  it('waits 10 s by default (docs/product.md §9)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    replyWith(hang);
    // Only the client's own timer is faked: the socket and the server run on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // No timeoutMs: the default is what is under test.
      const client = createApiClient({
        baseUrl,
        getToken: () => null,
        notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() },
      });
      let outcome: 'pending' | 'resolved' | ApiError = 'pending';
      const call = client.call('payments.mode').then(
        () => (outcome = 'resolved'),
        (error: ApiError) => (outcome = error),
      );
      // Real waits (vi.waitFor would move the fake clock): the server holds the request.
      while (hanging.size === 0) await sleep(10);

      vi.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
      await sleep(100);
      expect(outcome).toBe('pending');

      vi.advanceTimersByTime(1);
      await call;
      expect(outcome).toBeInstanceOf(ApiError);
      expect(outcome).toMatchObject({ kind: 'network', message: TRANSPORT_MESSAGES.noResponse });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the endpoint’s method and path, JSON accepted, and no token header when logged out', async () => {
    const { client } = setup();
    await expect(client.call('payments.mode')).resolves.toEqual(MODE);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'GET', url: '/api/payment/mode', body: '' });
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers.token).toBeUndefined();
  });

  it('sends the body as JSON, and the token in a header named token when logged in', async () => {
    replyWith(json(200, { success: true, message: 'Cart updated', quantity: 2 }));
    const { client } = setup({ token: 'abc.def.ghi' });
    await client.call('cart.update', { body: { itemId: 'p1', size: 'M', quantity: 2 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/cart/update' });
    expect(seen[0]?.headers.token).toBe('abc.def.ghi');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"itemId":"p1","size":"M","quantity":2}');
  });

  it('sends {} for a POST without a payload', async () => {
    replyWith(json(200, COUNT));
    const { client } = setup();
    await expect(client.call('orders.count')).resolves.toEqual(COUNT);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/order/ordercount', body: '{}' });
  });

  it('fills the path’s :params, encoded', async () => {
    replyWith(json(200, { success: true, message: 'Product deleted' }));
    const { client } = setup();
    await client.call('admin.productDelete', { params: { id: 'a b/c?d' } });
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/products/a%20b%2Fc%3Fd' });
  });

  it('encodes the query, leaving out the fields not given', async () => {
    replyWith(json(200, { success: true, orders: [], page: 2, pageSize: 20, total: 0 }));
    const { client } = setup();
    await client.call('admin.orderList', {
      query: { status: 'Order Placed', payment: undefined, page: 2, pageSize: 20 },
    });
    expect(seen[0]?.url).toBe('/api/admin/orders?status=Order+Placed&page=2&pageSize=20');
  });

  it('sends a FormData as multipart/form-data with the browser’s boundary, and the token', async () => {
    const video = {
      _id: 'v1',
      videoUrl: '/media/videos/a.webm',
      title: 'Linen shirt',
      position: 1,
      local: true,
      createdAt: 1,
    };
    replyWith(json(200, { success: true, message: 'Video added', video }));
    const { client } = setup({ token: 'tok-123' });
    const form = new FormData();
    form.append('title', 'Linen shirt');
    form.append('video', new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])]), 'a.webm');
    await expect(client.call('admin.videoUpload', { body: form })).resolves.toMatchObject({
      video,
    });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/api/admin/videos/upload' });
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(request?.headers.token).toBe('tok-123');
    expect(request?.body).toContain('name="title"');
    expect(request?.body).toContain('Linen shirt');
    expect(request?.body).toContain('filename="a.webm"');
    expect(request?.body).not.toContain('{}');
  });

  it('types body, params and query from the endpoint table', () => {
    const { client } = setup();
    // Only checked by the compiler (npm run typecheck): none of these is ever sent.
    const neverCalled = () => {
      // @ts-expect-error cart.update needs a body
      void client.call('cart.update');
      // @ts-expect-error quantity is a number
      void client.call('cart.update', { body: { itemId: 'p1', size: 'M', quantity: '2' } });
      // @ts-expect-error catalog.product needs its :id
      void client.call('catalog.product', {});
      // @ts-expect-error payments.mode takes no body
      void client.call('payments.mode', { body: {} });
      // @ts-expect-error an upload is a FormData, not JSON
      void client.call('admin.videoUpload', { body: { title: 'x' } });
      // @ts-expect-error the emulator answers Razorpay's shapes: not a storefront call
      void client.call('razorpayEmulator.pay', { body: {} });
      // @ts-expect-error no such endpoint
      void client.call('cart.clear');
      // The answer is the endpoint's 200 schema's output.
      expectTypeOf(client.call('catalog.product', { params: { id: 'p1' } })).resolves.toEqualTypeOf<
        EndpointAnswer<'catalog.product'>
      >();
      expectTypeOf(client.call('orders.count')).resolves.toEqualTypeOf<{
        success: true;
        orderCount: number;
      }>();
    };
    expect(neverCalled).toBeTypeOf('function');
  });
});

describe('api client: every answer is checked by its endpoint’s own check', () => {
  it.each([
    ['payments.mode', 'its guard', { success: true, mode: 'stripe' }],
    ['orders.count', 'the table’s zod schema', { success: true, orderCount: 'three' }],
  ] as const)('%s (%s) refuses a wrong answer: invalid_response', async (name, _, wrong) => {
    replyWith(json(200, wrong));
    const { client } = setup();
    const error = await failure(client.call(name));
    expect(error).toMatchObject({
      kind: 'invalid_response',
      status: 200,
      message: TRANSPORT_MESSAGES.invalidResponse,
    });
  });

  it('answers the checked data: unknown fields dropped, as the contract says', async () => {
    replyWith(json(200, { ...COUNT, extra: 'dropped' }));
    const { client } = setup();
    await expect(client.call('orders.count')).resolves.toEqual(COUNT);
  });
});

describe('api client: the transport errors of docs/product.md §8', () => {
  const unauthorized = json(401, { success: false, message: 'Not authorised. Login again' });

  it('401 with a token: clears the session, runs the registered handlers, toasts and rejects once handled', async () => {
    replyWith(unauthorized);
    const { client, notifier, clearSession, currentToken } = setup({ token: 'expired' });
    const cartCleared = vi.fn();
    const wentToLogin = vi.fn();
    client.onSessionExpired(cartCleared);
    const off = client.onSessionExpired(wentToLogin);

    const error = await failure(client.call('orders.count'));
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.handled).toBe(true);
    expect(clearSession).toHaveBeenCalledOnce();
    expect(currentToken()).toBeNull();
    expect(cartCleared).toHaveBeenCalledOnce();
    expect(wentToLogin).toHaveBeenCalledOnce();
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('Session expired. Please login again.');

    // A handler that unregistered is not called again.
    off();
    await failure(client.call('orders.count'));
    expect(wentToLogin).toHaveBeenCalledOnce();
  });

  it('401 without a token (a wrong password) is an ordinary error with the server message', async () => {
    replyWith(unauthorized);
    const { client, notifier, clearSession } = setup({ token: null });
    const error = await failure(
      client.call('account.login', { body: { email: 'a@b.in', password: 'x' } }),
    );
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Not authorised. Login again');
    expect(clearSession).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'Product not found'],
    [400, 'Invalid id'],
    [200, 'Catalogue is being updated'],
  ])('HTTP %i with success: false: an error carrying the body message', async (status, message) => {
    replyWith(json(status, { success: false, message }));
    const { client, notifier } = setup();
    const error = await failure(client.call('payments.mode'));
    expect(error).toMatchObject({
      kind: 'http',
      status,
      message,
      serverMessage: message,
      handled: false,
    });
    // The client leaves showing it to the caller (or toastApiError).
    expect(notifier.error).not.toHaveBeenCalled();
    toastApiError(error, 'Fallback', notifier);
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith(message);
  });

  it('an HTTP error without a message: the caller’s own fallback is shown', async () => {
    replyWith(text(502, 'text/html', '<h1>Bad gateway</h1>'));
    const { client, notifier } = setup();
    const error = await failure(client.call('payments.mode'));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: undefined });
    toastApiError(error, 'Authentication failed', notifier);
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('Authentication failed');
  });

  it('a 2xx answer that is not JSON is refused', async () => {
    replyWith(text(200, 'text/plain', 'hello'));
    const { client } = setup();
    expect((await failure(client.call('payments.mode'))).kind).toBe('invalid_response');
  });

  it('no answer within the timeout: "No response from server…"', async () => {
    replyWith(hang);
    const { client } = setup({ timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(client.call('payments.mode'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toMatchObject({ kind: 'network', message: TRANSPORT_MESSAGES.noResponse });
    expect(error.message).toBe('No response from server. Please check your internet connection.');
  });

  it('a dropped connection: "No response from server…"', async () => {
    replyWith(drop);
    const { client } = setup();
    expect(await failure(client.call('payments.mode'))).toMatchObject({
      kind: 'network',
      message: TRANSPORT_MESSAGES.noResponse,
    });
  });

  it('nothing listening: "No response from server…"', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = setup({ baseUrl: `http://127.0.0.1:${port}` });
    expect((await failure(client.call('payments.mode'))).message).toBe(
      TRANSPORT_MESSAGES.noResponse,
    );
  });

  it.each<[string, () => { client: ApiClient; call: (client: ApiClient) => Promise<unknown> }]>([
    [
      'a body that cannot be JSON',
      () => ({
        client: setup().client,
        call: (client) =>
          client.call('cart.update', {
            body: { itemId: 'p1', size: 'M', quantity: BigInt(1) as unknown as number },
          }),
      }),
    ],
    [
      'a token that cannot be a header',
      () => ({
        client: setup({ token: 'bad\ntoken' }).client,
        call: (client) => client.call('payments.mode'),
      }),
    ],
    [
      'an address that cannot be a URL',
      () => ({
        client: setup({ baseUrl: 'http://[oops' }).client,
        call: (client) => client.call('payments.mode'),
      }),
    ],
    [
      'a :param left empty',
      () => ({
        client: setup().client,
        call: (client) => client.call('catalog.product', { params: { id: '' } }),
      }),
    ],
  ])('%s: "Error setting up request", and nothing is sent', async (_, make) => {
    const { client, call } = make();
    const error = await failure(call(client));
    expect(error).toMatchObject({ kind: 'setup', message: 'Error setting up request' });
    expect(seen).toHaveLength(0);
  });

  it('a call cancelled by its caller is not reported as a network failure', async () => {
    replyWith(hang);
    const { client, notifier } = setup();
    const controller = new AbortController();
    const pending = client.call('payments.mode', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    toastApiError(error, 'x', notifier);
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

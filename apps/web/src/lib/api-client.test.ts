// @vitest-environment node
// Node's own fetch and AbortController, talking to a real HTTP server: jsdom's AbortSignal is
// not accepted by Node's fetch, and nothing of the transport is mocked here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@vastra/shared/constants';
import {
  ApiError,
  createApiClient,
  toastApiError,
  TRANSPORT_MESSAGES,
  type ApiClientOptions,
} from './api-client';
import type { Notifier } from './toast';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
const hanging = new Set<http.ServerResponse>();

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      switch (req.url) {
        case '/ok':
          return json(res, 200, { success: true, value: 42 });
        case '/echo':
          return json(res, 200, { success: true, body: body === '' ? null : JSON.parse(body) });
        case '/unauthorized':
          return json(res, 401, { success: false, message: 'Not authorised. Login again' });
        case '/not-found':
          return json(res, 404, { success: false, message: 'Product not found' });
        case '/bad-request':
          return json(res, 400, { success: false, message: 'Invalid id' });
        case '/soft-failure':
          return json(res, 200, { success: false, message: 'Catalogue is being updated' });
        case '/crash-html':
          res.writeHead(502, { 'content-type': 'text/html' });
          return res.end('<h1>Bad gateway</h1>');
        case '/not-json':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('hello');
        case '/hang':
          hanging.add(res);
          return;
        case '/drop':
          return req.socket.destroy();
        default:
          return json(res, 404, { success: false, message: 'Route not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
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
      const call = client.get('/hang').then(
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

  it('sends JSON and no token header when logged out', async () => {
    const { client } = setup();
    await expect(client.get('/ok')).resolves.toEqual({ success: true, value: 42 });
    const [req] = seen;
    expect(req?.method).toBe('GET');
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers.token).toBeUndefined();
  });

  it('sends the token in a header named token when logged in', async () => {
    const { client } = setup({ token: 'abc.def.ghi' });
    await client.post('/echo', { itemId: 'p1', size: 'M' });
    expect(seen[0]?.headers.token).toBe('abc.def.ghi');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"itemId":"p1","size":"M"}');
  });

  it('sends {} for a POST without a payload', async () => {
    const { client } = setup();
    await expect(client.post('/echo')).resolves.toEqual({ success: true, body: {} });
  });

  it('sends a FormData as multipart/form-data with the browser’s boundary, and the token', async () => {
    const { client } = setup({ token: 'tok-123' });
    const form = new FormData();
    form.append('name', 'Linen shirt');
    form.append(
      'images',
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
      'a.png',
    );
    await expect(client.post('/ok', form)).resolves.toEqual({ success: true, value: 42 });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(request?.headers.token).toBe('tok-123');
    expect(request?.body).toContain('name="name"');
    expect(request?.body).toContain('Linen shirt');
    expect(request?.body).toContain('filename="a.png"');
    expect(request?.body).not.toContain('{}');
  });

  it('validates the answer with the given schema', async () => {
    const { client } = setup();
    const schema = {
      safeParse: (v: unknown) =>
        typeof v === 'object' && v !== null && (v as { value?: unknown }).value === 42
          ? ({ success: true, data: 'valid' } as const)
          : ({ success: false } as const),
    };
    await expect(client.get('/ok', { schema })).resolves.toBe('valid');
    const error = await failure(client.get('/echo', { schema }));
    expect(error.kind).toBe('invalid_response');
  });

  it('accepts a schema that is loaded alongside the request', async () => {
    const { client } = setup();
    const schema = () =>
      Promise.resolve({ safeParse: (v: unknown) => ({ success: true as const, data: v }) });
    await expect(client.get('/ok', { schema })).resolves.toEqual({ success: true, value: 42 });
  });
});

describe('api client: the transport errors of docs/product.md §8', () => {
  it('401 with a token: clears the session, runs the registered handlers, toasts and rejects once handled', async () => {
    const { client, notifier, clearSession, currentToken } = setup({ token: 'expired' });
    const cartCleared = vi.fn();
    const wentToLogin = vi.fn();
    client.onSessionExpired(cartCleared);
    const off = client.onSessionExpired(wentToLogin);

    const error = await failure(client.post('/unauthorized'));
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
    await failure(client.post('/unauthorized'));
    expect(wentToLogin).toHaveBeenCalledOnce();
  });

  it('401 without a token (a wrong password) is an ordinary error with the server message', async () => {
    const { client, notifier, clearSession } = setup({ token: null });
    const error = await failure(client.post('/unauthorized', { email: 'a@b.in', password: 'x' }));
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Not authorised. Login again');
    expect(clearSession).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it.each([
    ['/not-found', 404, 'Product not found'],
    ['/bad-request', 400, 'Invalid id'],
    ['/soft-failure', 200, 'Catalogue is being updated'],
  ])('%s: an error carrying the body message (HTTP %i)', async (path, status, message) => {
    const { client, notifier } = setup();
    const error = await failure(client.get(path));
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
    const { client, notifier } = setup();
    const error = await failure(client.get('/crash-html'));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: undefined });
    toastApiError(error, 'Authentication failed', notifier);
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('Authentication failed');
  });

  it('a 2xx answer that is not JSON is refused', async () => {
    const { client } = setup();
    expect((await failure(client.get('/not-json'))).kind).toBe('invalid_response');
  });

  it('no answer within the timeout: "No response from server…"', async () => {
    const { client } = setup({ timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(client.get('/hang'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toMatchObject({ kind: 'network', message: TRANSPORT_MESSAGES.noResponse });
    expect(error.message).toBe('No response from server. Please check your internet connection.');
  });

  it('a dropped connection: "No response from server…"', async () => {
    const { client } = setup();
    expect(await failure(client.get('/drop'))).toMatchObject({
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
    expect((await failure(client.get('/ok'))).message).toBe(TRANSPORT_MESSAGES.noResponse);
  });

  it.each([
    ['a body that cannot be JSON', () => ({ path: '/echo', body: { n: BigInt(1) }, token: null })],
    [
      'a token that cannot be a header',
      () => ({ path: '/ok', body: undefined, token: 'bad\ntoken' }),
    ],
    [
      'an address that cannot be a URL',
      () => ({ path: 'http://[oops', body: undefined, token: null }),
    ],
  ])('%s: "Error setting up request", and nothing is sent', async (_, make) => {
    const { path, body, token } = make();
    const { client } = setup({ token });
    const error = await failure(
      client.request(path, { method: body === undefined ? 'GET' : 'POST', body }),
    );
    expect(error).toMatchObject({ kind: 'setup', message: 'Error setting up request' });
    expect(seen).toHaveLength(0);
  });

  it('a call cancelled by its caller is not reported as a network failure', async () => {
    const { client, notifier } = setup();
    const controller = new AbortController();
    const pending = client.get('/hang', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    toastApiError(error, 'x', notifier);
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

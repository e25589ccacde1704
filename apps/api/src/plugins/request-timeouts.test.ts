import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loggedInAdmin } from '../test/fixtures';
import { useTestApp } from '../test/use-test-app';

const HEADERS_MS = 600;
const BODY_MS = 400;
const REQUEST_MS = 2_500;
/**
 * How late a deadline may act on a loaded machine and still pass. Code without the deadline never
 * answers, so it still fails.
 */
const LATE_MS = 8_000;
/** How long a test holds its socket: past the bound, so a late close fails the bound itself. */
const holdFor = (deadlineMs: number) => deadlineMs + LATE_MS + 1_000;

// Listening: the deadlines are about real sockets.
const t = useTestApp({
  deps: {
    timeouts: {
      headersMs: HEADERS_MS,
      bodyMs: BODY_MS,
      requestMs: REQUEST_MS,
      checkIntervalMs: 100,
    },
  },
  listen: true,
});

interface Outcome {
  /** Everything the server wrote before it closed the socket (or the wait ended). */
  answer: string;
  closed: boolean;
  /** Milliseconds from the last byte sent to the close, or to the wait's end. */
  afterMs: number;
}

/** Sends `head` (and nothing more), then waits up to `waitMs` for the server to answer and close. */
function sendAndHold(head: string, waitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(t.origin).port), '127.0.0.1');
    let answer = '';
    let sentAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false, afterMs: performance.now() - sentAt });
    }, waitMs);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true, afterMs: performance.now() - sentAt });
    });
    socket.on('connect', () => socket.write(head, () => (sentAt = performance.now())));
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('a client that does not finish its request', () => {
  it('gets 408 and a closed connection when a JSON body stops halfway', async () => {
    const partial = '{"email":"slow@example.com",'; // 28 of the 100 bytes announced
    const outcome = await sendAndHold(
      'POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Content-Length: 100\r\n\r\n${partial}`,
      holdFor(BODY_MS),
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer.toLowerCase()).toContain('connection: close');
    expect(bodyOf(outcome.answer)).toEqual({ success: false, message: 'Request timed out' });
    expect(outcome.afterMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(outcome.afterMs).toBeLessThan(BODY_MS + LATE_MS);
  });

  it('gets 408 when its headers never end', async () => {
    const outcome = await sendAndHold(
      'GET /api/product/list HTTP/1.1\r\nHost: shop\r\n',
      holdFor(HEADERS_MS),
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(outcome.answer)).toEqual({ success: false, message: 'Request timed out' });
    expect(outcome.afterMs).toBeLessThan(HEADERS_MS + LATE_MS);
  });

  it('a streamed upload gets the longer whole-request limit, and is closed after it', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const boundary = 'vastraBoundary';
    const partial =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow shirt\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.webp"\r\n` +
      'Content-Type: image/webp\r\n\r\nRIFF';
    const outcome = await sendAndHold(
      'POST /api/admin/products HTTP/1.1\r\nHost: shop\r\n' +
        `token: ${admin.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: 5000000\r\n\r\n${partial}`,
      holdFor(REQUEST_MS),
    );
    expect(outcome.closed).toBe(true);
    // Not cut at the short body deadline: a big picture or clip takes longer than that.
    expect(outcome.afterMs).toBeGreaterThan(REQUEST_MS - 1_000);
    expect(outcome.afterMs).toBeLessThan(REQUEST_MS + LATE_MS);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(outcome.answer)).toEqual({ success: false, message: 'Request timed out' });
  });

  it('a body sent in time is answered as usual', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const outcome = await sendAndHold(
      'POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      LATE_MS,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 (200|400|401) /);
    expect(bodyOf(outcome.answer)).toMatchObject({ success: false });
  });
});

describe('a request answered without reading its body', () => {
  // A GET with `Content-Length: 0` (some clients send one), or a body in a type nothing parses:
  // the answer goes out and nobody reads the body. Its deadline must end with the answer — firing
  // later on a stream nobody listens to threw an uncaught error that would end the process.
  it.each([
    [
      'a GET with Content-Length: 0',
      { method: 'GET' as const, url: '/api/product/list', headers: { 'content-length': '0' } },
    ],
    [
      'a body over the size limit (refused from its Content-Length alone)',
      {
        method: 'POST' as const,
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${'a'.repeat(2_000_000)}"}`,
      },
    ],
    [
      'a body of a type nothing parses',
      {
        method: 'POST' as const,
        url: '/api/user/login',
        headers: { 'content-type': 'text/x-unknown' },
        payload: 'hello',
      },
    ],
  ])('%s leaves nothing behind to fire after the deadline', async (_name, options) => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const res = await t.app.inject(options);
      expect(res.statusCode).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, BODY_MS * 3));
      expect(uncaught).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/product/list' })).statusCode).toBe(
        200,
      );
    } finally {
      process.off('uncaughtException', record);
    }
  });
});

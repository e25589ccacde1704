import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@vastra/shared/constants';
import type { CatalogueAnswer } from '@vastra/shared/schemas/catalogue-query';
import { makeTempDir, type TestApp } from './test/test-app';
import { useTestApp } from './test/use-test-app';
import { insertProducts } from './test/fixtures';
import {
  collectionShell,
  defaultShell,
  homeShell,
  type HomeFirstScreen,
} from './modules/pages/page-head';
import { withPaymentMode } from './modules/pages/page-shell';

// Two apps on one database, built by hand below; the file's rows are made once.
const t = useTestApp({ app: 'manual', reset: false });
let shop: TestApp;
let bare: TestApp;
let webDir: string;
let uploadsDir: string;

const INDEX_HTML =
  '<!doctype html><html><head><title>Vastra</title></head><body><div id="root"></div></body></html>';
/** What a page's HTML carries for the first render (decision 165), parsed. */
function pageData<T>(html: string, id: string): T {
  const json = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(
    html,
  )?.[1];
  expect(json, `the page carries ${id}`).toBeDefined();
  return JSON.parse(json!) as T;
}
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const WEBP = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');

beforeAll(async () => {
  await insertProducts(t.db, [{}, {}, {}]);

  // A built storefront, as Vite lays it out.
  webDir = makeTempDir('web');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), APP_JS);
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const dataDir = makeTempDir('data');
  uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(path.join(uploadsDir, 'products'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'products', 'shirt-1a2b3c.webp'), WEBP);

  shop = await t.start({ WEB_DIST_DIR: webDir, DATA_DIR: dataDir });
  // The same app with no storefront build at all.
  bare = await t.start({ WEB_DIST_DIR: makeTempDir('empty-web') });
});

function expectJsonError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('bad requests get a 4xx JSON answer, never a 500', () => {
  it('unknown /api route: 404 JSON', async () => {
    const body = expectJsonError(await shop.app.inject('/api/nothing/here'), 404);
    expect(body.message).toContain('/api/nothing/here');
    expectJsonError(await shop.app.inject('/api'), 404);
  });

  it('wrong method on a known route: 404 JSON', async () => {
    expectJsonError(
      await shop.app.inject({ method: 'POST', url: '/api/product/list', payload: {} }),
      404,
    );
    expectJsonError(await shop.app.inject({ method: 'DELETE', url: '/api/product/list' }), 404);
  });

  it(`body over ${LIMITS.bodyBytesMax} bytes: 413`, async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product/list',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(LIMITS.bodyBytesMax) }),
    });
    expect(expectJsonError(res, 413).message).toBe('Request body is too large');
  });

  it('malformed JSON: 400', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"itemId": ',
    });
    expect(expectJsonError(res, 400).message).toBe('Request body is not valid JSON');
  });

  it('an address that is not valid percent-encoding: 400 JSON from the one handler', async () => {
    for (const url of ['/api/product/%E0%A4', '/%E0%A4', '/uploads/%E0%A4']) {
      const body = expectJsonError(await shop.app.inject(url), 400);
      expect(body, url).toEqual({ success: false, message: 'Invalid address' });
    }
  });

  it('a product id longer than the router allows: 400 from the param check, not a 404', async () => {
    const res = await shop.app.inject(`/api/product/${'a'.repeat(101)}`);
    expect(expectJsonError(res, 400).message).toBe('Invalid product id');
  });

  it('a long unknown address is not echoed whole in the 404 message', async () => {
    const long = `/api/nothing/${'a'.repeat(2000)}`;
    const body = expectJsonError(await shop.app.inject(long), 404);
    expect(body.message.length).toBeLessThan(200);
    expect(body.message).toContain('/api/nothing/');
  });

  it('a malformed HTTP request (body length, framing): 400 JSON on the raw socket', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const exchange = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(raw));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(answer));
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
      });
    const requests = [
      // Both framings at once: request smuggling, refused by Node's parser.
      'POST /api/product/list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      // A content-length that is not a number.
      'POST /api/product/list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2x\r\n\r\n{}',
    ];
    for (const raw of requests) {
      const answer = await exchange(raw);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8/i);
      expect(head).toMatch(new RegExp(`\\r\\ncontent-length: ${Buffer.byteLength(body)}`, 'i'));
      expect(JSON.parse(body)).toEqual({ success: false, message: 'Bad request' });
    }
  });

  it('logs none of them at error level', async () => {
    const errors = shop.logs.filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
    // …while they are logged, at info.
    expect(shop.logs.some((line) => line.msg === 'request refused' && line.status === 413)).toBe(
      true,
    );
  });
});

describe('security headers', () => {
  it('sends a CSP the storefront satisfies, on pages and on API answers', async () => {
    for (const url of ['/', '/api/product/list', '/collection', '/api/nothing']) {
      const res = await shop.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values.join(' ')]),
      );
      expect(directives).toMatchObject({
        'default-src': "'self'",
        'img-src': "'self' data: blob:",
        'media-src': "'self' blob:",
        'style-src': "'self' 'unsafe-inline'",
        'script-src': "'self'",
        'connect-src': "'self'",
        'frame-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Outside production the shop is plain http://localhost: HSTS would break it.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("allows Razorpay's checkout hosts only when real Razorpay keys are configured", async () => {
    const emulated = String((await shop.app.inject('/')).headers['content-security-policy']);
    expect(emulated).not.toContain('razorpay.com');
    const keyed = await t.start({
      WEB_DIST_DIR: webDir,
      RAZORPAY_KEY_ID: 'rzp_test_abcdefghijklmn',
      RAZORPAY_KEY_SECRET: 'a'.repeat(24),
      RAZORPAY_WEBHOOK_SECRET: 'b'.repeat(24),
    });
    const csp = String((await keyed.app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain(
      "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com",
    );
    expect(csp).toContain(
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    );
  });

  it('adds HSTS in production only', async () => {
    const prod = await t.start({
      NODE_ENV: 'production',
      PAYMENTS: 'emulator',
      WEB_DIST_DIR: webDir,
    });
    const res = await prod.app.inject('/api/product/list');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('compression', () => {
  it('compresses storefront files for clients that accept it, and only for them', async () => {
    const js = await shop.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(js.rawPayload).toString()).toBe(APP_JS);

    const plain = await shop.app.inject('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });
});

describe('storefront and SPA fallback', () => {
  it('serves index.html at / and for deep links, revalidated on every visit', async () => {
    for (const url of [
      '/',
      '/collection',
      '/product/8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11',
      '/orders?x=1',
    ]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // index.html with the shop's default share tags (modules/pages/page-head.ts); the home
      // page and the collection add only the preload of their first picture (docs/decisions/146,
      // 151) and what their first screen shows (decision 165), checked in
      // modules/pages/pages.test.ts.
      // Every page says who takes payments, for the test-mode banner's first paint (decision 151).
      const shell = withPaymentMode(INDEX_HTML, shop.app.payments.gateway.mode);
      expect(res.body).toContain(
        `<meta name="payment-mode" content="${shop.app.payments.gateway.mode}" />`,
      );
      const expected =
        url === '/'
          ? homeShell(shell, pageData<HomeFirstScreen>(res.body, 'home-data'))
          : url === '/collection'
            ? collectionShell(shell, [], pageData<CatalogueAnswer>(res.body, 'collection-data'))
            : defaultShell(shell);
      expect(res.body, url).toBe(expected);
    }
    const head = await shop.app.inject({ method: 'HEAD', url: '/cart' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const js = await shop.app.inject('/assets/index-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await shop.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or upload with 404, not with index.html', async () => {
    expectJsonError(await shop.app.inject('/assets/gone-123.js'), 404);
    expectJsonError(await shop.app.inject('/uploads/products/gone.webp'), 404);
  });

  it('a path segment longer than any file name: index.html for pages, 404 for file paths', async () => {
    const long = 'a'.repeat(300);
    for (const url of [`/${long}`, `/product/${long}`]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(
        defaultShell(withPaymentMode(INDEX_HTML, shop.app.payments.gateway.mode)),
      );
    }
    for (const url of [`/uploads/${long}`, `/assets/${long}.js`, `/media/${long}`]) {
      expectJsonError(await shop.app.inject(url), 404);
    }
  });

  it('does not fall back for other methods', async () => {
    expectJsonError(await shop.app.inject({ method: 'POST', url: '/collection' }), 404);
  });

  it('without a build, says how to make one', async () => {
    const res = await bare.app.inject('/collection');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('npm run build');
    // The API still works.
    expect((await bare.app.inject('/api/product/list')).json().products).toHaveLength(3);
  });
});

describe('uploads', () => {
  it('serves generated images from DATA_DIR/uploads with a year-long immutable cache', async () => {
    const res = await shop.app.inject('/uploads/products/shirt-1a2b3c.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(WEBP)).toBe(true);
  });

  it('never serves files outside the uploads directory', async () => {
    // A file beside uploads/ in the data dir, where the database and the lock live.
    fs.writeFileSync(path.join(uploadsDir, '..', 'secret.txt'), 'database-secret');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
    ]) {
      const res = await shop.app.inject(url);
      expect(res.body, url).not.toContain('database-secret');
    }
  });
});

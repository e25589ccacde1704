import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carts } from './db/schema/carts';
import { changedTables, tableDigests } from './test/db-digest';
import { useTestApp } from './test/use-test-app';
import {
  ADDRESS,
  filesUnder,
  insertOrder,
  loggedInAdmin,
  multipart,
  loggedInShopper,
  insertProducts,
} from './test/fixtures';

/**
 * Hostile text, bodies the specification sends empty, malformed uploads, shopper-facing 503s and
 * the log of a failed query (docs/decisions/092 and 093).
 */

// Listening: Razorpay orders are created through the payment emulator on this server. One
// database state for the file: the accounts below are made once.
const t = useTestApp({
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/' },
  listen: true,
  reset: false,
});
let shopper: { token: string; userId: string };
let admin: { token: string };
let productId: string;

beforeAll(async () => {
  shopper = await loggedInShopper(t.app, t.db, 'hostile');
  admin = await loggedInAdmin(t.app, t.db);
  const [product] = await insertProducts(t.db, [{}]);
  productId = product!.id;
});

beforeEach(async () => {
  await t.db
    .insert(carts)
    .values({ userId: shopper.userId, productId, size: 'M', quantity: 1 })
    .onConflictDoNothing();
});

type As = 'shopper' | 'admin' | 'nobody';

async function send(method: string, url: string, as: As, payload?: unknown) {
  const token = as === 'shopper' ? shopper.token : as === 'admin' ? admin.token : undefined;
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('NUL and lone surrogates are refused, naming the field, with nothing written', () => {
  const cases: [string, string, As, (bad: string) => unknown, string][] = [
    [
      'POST',
      '/api/order/place',
      'shopper',
      (bad) => ({ address: { ...ADDRESS, street: `1 MG${bad}` }, paymentMethod: 'cod' }),
      'address.street',
    ],
    [
      'POST',
      '/api/order/razorpay',
      'shopper',
      (bad) => ({ address: { ...ADDRESS, city: bad } }),
      'address.city',
    ],
    [
      'POST',
      '/api/order/verifyRazorpay',
      'shopper',
      (bad) => ({
        razorpay_order_id: `order_${bad}`,
        razorpay_payment_id: 'pay_ABCDEF123456',
        razorpay_signature: 'x',
      }),
      'razorpay_order_id',
    ],
    [
      'POST',
      '/api/cart/update',
      'shopper',
      (bad) => ({ itemId: productId, size: `M${bad}`, quantity: 2 }),
      'size',
    ],
    [
      'POST',
      '/api/user/register',
      'nobody',
      (bad) => ({
        name: `Asha${bad}`,
        email: 'new.shopper@example.com',
        password: 'correct horse battery',
      }),
      'name',
    ],
    ['POST', '/api/coupon/check', 'shopper', (bad) => ({ code: `VASTRA${bad}` }), 'code'],
    ['PATCH', '/api/admin/products/:product', 'admin', (bad) => ({ name: `Shirt${bad}` }), 'name'],
    [
      'POST',
      '/api/admin/videos',
      'admin',
      (bad) => ({ videoUrl: 'https://example.com/a.mp4', title: bad }),
      'title',
    ],
  ];

  it.each(
    cases.flatMap(([method, url, as, body, field]) => [
      [`${method} ${url} with NUL`, method, url, as, body, '\u0000', field] as const,
      [`${method} ${url} with a lone surrogate`, method, url, as, body, '\uD800', field] as const,
    ]),
  )('%s', async (_name, method, url, as, body, bad, field) => {
    const before = await tableDigests(t.db);
    // The body is made here: the product exists only once beforeAll has run.
    const res = await send(method, url.replace(':product', productId), as, body(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `${field}: contains characters that are not allowed`,
    });
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
  });

  it('in the admin search', async () => {
    const res = await send('GET', '/api/admin/products?search=shirt%00', 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('search: contains characters that are not allowed');
  });

  it('in a multipart field of an admin upload', async () => {
    const before = await tableDigests(t.db);
    const form = multipart({
      name: 'Shirt\u0000',
      description: 'd',
      price: '10',
      category: 'SHIRTS',
      subCategory: 'SNITCH',
      sizes: 'M',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { token: admin.token, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name: contains characters that are not allowed');
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
  });

  it('in the payment emulator’s pay call (Razorpay’s own answer shape)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/razorpay-emulator/checkout/pay',
      payload: {
        key_id: 'rzp_test_x',
        order_id: 'order_ABCDEF123456',
        method: 'upi',
        vpa: 'a\u0000@razorpay',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      description: 'contains characters that are not allowed',
      field: 'vpa',
    });
  });
});

describe('a failed query is logged without the values it was sent', () => {
  it('keeps the query and SQLSTATE, never the address, e-mail or phone (nor PostgreSQL’s detail)', async () => {
    // A unique index on the delivery phone: the second order fails in the database itself, and
    // PostgreSQL's detail would name the phone ("Key (…)=(9876543210) already exists").
    const db = t.db;
    await db.execute(
      sql.raw(`create unique index hardening_phone on orders ((address->>'phone'))`),
    );
    try {
      const address = { ...ADDRESS, email: 'leak.check@example.com', street: '77 Residency Road' };
      await insertOrder(db, shopper.userId, { address });
      const seen = t.logs.length;
      const res = await send('POST', '/api/order/place', 'shopper', {
        address,
        paymentMethod: 'cod',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
      const errors = t.logs.slice(seen).filter((line) => line.level >= 50);
      expect(errors.length).toBeGreaterThan(0);
      const logged = JSON.stringify(errors);
      for (const value of [address.email, address.street, address.phone, 'Asha', 'Residency'])
        expect(logged).not.toContain(value);
      expect(logged).toContain('insert into \\"orders\\"');
      expect(logged).toContain('23505');
    } finally {
      await db.execute(sql.raw('drop index hardening_phone'));
    }
  });
});

describe('calls the specification sends without a body', () => {
  const noBody = ['/api/order/ordercount', '/api/order/userorders', '/api/cart/get'];
  const variants: [string, Record<string, string>, string | undefined][] = [
    ['no body at all', {}, undefined],
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['a JSON null', { 'content-type': 'application/json' }, 'null'],
    ['{}', { 'content-type': 'application/json' }, '{}'],
  ];
  it.each(
    noBody.flatMap((url) =>
      variants.map(([name, headers, payload]) => [url, name, headers, payload] as const),
    ),
  )('%s with %s → 200', async (url, _name, headers, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, token: shopper.token },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('admin /paid with an empty JSON body reaches the order (409 for an order not yet delivered)', async () => {
    const order = await insertOrder(t.db, shopper.userId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/paid`,
      headers: { token: admin.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^A cash-on-delivery order is marked paid on delivery/);
  });

  it('a call that needs a body says what to send', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/place',
      headers: { token: shopper.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toEqual({ success: false, message: 'Please send the order details' });
  });
});

describe('malformed multipart on the admin uploads → 400, nothing stored', () => {
  const bodies: [string, string, string][] = [
    [
      'no boundary',
      'multipart/form-data',
      '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--XX--\r\n',
    ],
    [
      'another boundary than declared',
      'multipart/form-data; boundary=XX',
      '--YY\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--YY--\r\n',
    ],
    ['truncated part headers', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Dispos'],
    [
      'no closing boundary',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\nShirt\r\n',
    ],
    [
      // busboy's boundary search refuses a needle over 256 bytes with a plain Error.
      'a boundary longer than multipart allows',
      `multipart/form-data; boundary=${'B'.repeat(300)}`,
      `--${'B'.repeat(300)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${'B'.repeat(300)}--\r\n`,
    ],
    [
      'a file cut short',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n\u0000\u0000\u0000 ftypisom',
    ],
  ];
  const urls = () => [
    '/api/admin/products',
    `/api/admin/products/${productId}/images`,
    '/api/admin/videos/upload',
  ];

  it.each(bodies)('%s', async (_name, contentType, payload) => {
    for (const url of urls()) {
      const before = await tableDigests(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { token: admin.token, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        success: false,
        message: 'The form could not be read: please send it again as multipart/form-data',
      });
      expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
    }
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
  });
});

describe('a 503 written for shoppers keeps its message', () => {
  it('registerotp when the mail server cannot be reached', async () => {
    // A real SMTP client against a port nothing listens on.
    const noMail = await t.start({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' });
    const res = await noMail.app.inject({
      method: 'POST',
      url: '/api/user/registerotp',
      payload: { email: 'no.mail@example.com' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'We could not send the email. Please try again in a moment.',
    });
  });
});

describe('/verify for an order the shopper does not have', () => {
  it.each([
    ['an unknown order id', '6f1d3c9e-8b7a-4c2d-9e1f-0a2b3c4d5e6f'],
    ['something that is not an id', 'not-an-order'],
  ])('%s', async (_name, orderId) => {
    const res = await send('POST', '/api/order/verify', 'shopper', { success: 'true', orderId });
    expect(res.json()).toEqual({ success: false, message: 'We could not find this order' });
  });
});

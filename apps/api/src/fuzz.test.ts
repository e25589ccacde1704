import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, RouteOptions } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductFieldsSchema,
  adminVideoUploadFieldsSchema,
} from '@vastra/shared/schemas/admin';
import { carts } from './db/schema/carts';
import { changedTables, tableDigests } from './test/db-digest';
import { makeTempDir } from './test/test-app';
import { useTestApp } from './test/use-test-app';
import {
  ADDRESS,
  insertOrder,
  loggedInAdmin,
  multipart,
  loggedInShopper,
  insertProducts,
} from './test/fixtures';

/**
 * Every route of the built app, sent bounded random requests shaped from its own zod schemas and
 * spiked with hostile values (docs/decisions/092). It fails on any 5xx, on a refusal without a
 * plain `message` (or with zod's default wording), and on a refusal that changed a guarded table.
 * FUZZ_SEED replays a run; FUZZ_REQUESTS changes how many requests are sent.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
/** Stops sending early rather than overrun the test's minute. */
const BUDGET_MS = 40_000;
const DEFAULT_WORDING = /invalid input|\bexpected\b|\breceived\b/i;

interface Route {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

// ── Values ────────────────────────────────────────────────────────────────────────────────────

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '',
  ' ',
  'x'.repeat(70_000),
  'é'.repeat(5000),
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  '%00',
  '../../etc/passwd',
  '\u202Eevil',
  '😀👍🏽',
  'null',
  '-1',
  '1e309',
  '$where',
  '{{7*7}}',
];

/** Text PostgreSQL cannot store: the values that once answered 500. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF', 'ok\uDFFF'];

/** Values of every JSON type that a field may not expect. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...UNSTORABLE),
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'x', '__proto__', 'constructor', ''), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

type ZodDef = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** Values the app would accept for fields of these names, so requests get past the first check. */
function knownGood(ids: { products: string[]; orders: string[] }): Record<string, unknown[]> {
  return {
    email: ['asha@example.com', 'ADMIN@Example.com'],
    password: ['correct horse battery'],
    newpassword: ['a new password 123'],
    otp: ['123456'],
    name: ['Asha Rao'],
    zipcode: ['560001'],
    phone: ['9876543210', '+91 98765 43210'],
    country: ['India'],
    itemId: ids.products,
    id: [...ids.products, ...ids.orders],
    orderId: ids.orders,
    size: ['M', 'L'],
    code: ['VASTRA10', 'FREEDEL', 'NOPE'],
    videoUrl: ['https://example.com/clip.mp4'],
    razorpay_order_id: ['order_ABCDEF123456'],
    vpa: ['success@razorpay'],
  };
}

/** An arbitrary shaped by a zod schema: mostly valid-looking, often hostile at any depth. */
function arbitraryFor(
  schema: unknown,
  good: Record<string, unknown[]>,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const hostile = depth > 3 ? fc.constant(null) : hostileValue;
  if (!def) return hostile;
  const shaped = shapedFor(def, good, key, depth);
  const known = good[key];
  const options: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: shaped, weight: 6 },
    { arbitrary: hostile, weight: 2 },
  ];
  if (known?.length) options.push({ arbitrary: fc.constantFrom(...known), weight: 6 });
  return fc.oneof(...options);
}

function shapedFor(
  def: ZodDef,
  good: Record<string, unknown[]>,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const inner = (schema: unknown, k = key) => arbitraryFor(schema, good, k, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v, k)]));
      // Any field may be left out; an extra one may be added.
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.option(fc.constantFrom('extra', '__proto__', 'constructor', 'amount', 'payment')),
          hostileValue,
        )
        .map(([record, extra, value]) => (extra ? { ...record, [extra]: value } : record));
    }
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.string({ unit: 'grapheme', maxLength: 10 }),
        fc.uuid(),
        fc.emailAddress(),
      );
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 1500 }), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 5 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 4 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(inner(def.innerType), fc.constantFrom(undefined, null));
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => inner(o)));
    default:
      return hostileValue;
  }
}

/** Wrappers whose inner schema says what the value is. */
const WRAPPERS = [
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
];

function unwrap(schema: unknown): ZodDef | undefined {
  let def = defOf(schema);
  while (def && (WRAPPERS.includes(def.type) || def.type === 'pipe')) {
    if (def.type === 'pipe') def = defOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
    else def = defOf(def.innerType);
  }
  return def;
}

/** A value the schema should accept (known-good values by field name where there are some). */
function validFor(
  schema: unknown,
  good: Record<string, unknown[]>,
  key = '',
): fc.Arbitrary<unknown> {
  const known = good[key];
  if (known?.length) return fc.constantFrom(...known);
  // An optional field is mostly left out: a random value there would be refused first.
  if (['optional', 'default', 'prefault'].includes(defOf(schema)?.type ?? ''))
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: validFor(defOf(schema)?.innerType, good, key), weight: 1 },
    );
  const def = unwrap(schema);
  if (def?.type === 'number' || def?.type === 'int') return fc.integer({ min: 1, max: 5 });
  if (def?.type === 'object') {
    const shape = (def.shape ?? {}) as Record<string, unknown>;
    return fc.record(
      Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validFor(v, good, k)])),
    );
  }
  if (def?.type === 'string') return fc.string({ minLength: 1, maxLength: 12 });
  if (def?.type === 'array')
    return fc.array(validFor(def.element, good, key), { minLength: 1, maxLength: 3 });
  if (def?.type === 'union') return validFor((def.options as unknown[])[0], good, key);
  return def ? shapedFor(def, good, key, 1) : fc.constant(undefined);
}

/** A valid value with exactly one field, at any depth, made hostile: the check that must catch it. */
function oneHostileFieldFor(
  schema: unknown,
  good: Record<string, unknown[]>,
): fc.Arbitrary<unknown> {
  const def = unwrap(schema);
  if (def?.type !== 'object')
    return fc.oneof(
      { arbitrary: fc.constantFrom(...UNSTORABLE), weight: 3 },
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
      { arbitrary: hostileValue, weight: 1 },
    );
  const shape = (def.shape ?? {}) as Record<string, unknown>;
  const keys = Object.keys(shape);
  if (keys.length === 0) return fc.dictionary(fc.string(), hostileValue, { maxKeys: 2 });
  return fc
    .constantFrom(...keys)
    .chain((target) =>
      fc.record(
        Object.fromEntries(
          keys.map((k) => [
            k,
            k === target ? oneHostileFieldFor(shape[k], good) : validFor(shape[k], good, k),
          ]),
        ),
      ),
    );
}

/** A body or query: valid, valid but for one hostile field, or random through and through. */
function payloadFor(schema: unknown, good: Record<string, unknown[]>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validFor(schema, good), weight: 2 },
    { arbitrary: oneHostileFieldFor(schema, good), weight: 4 },
    { arbitrary: arbitraryFor(schema, good), weight: 3 },
  );
}

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

/** A value for a URL parameter: UTF-8 percent-encoded, lone surrogates as their raw bytes too. */
function pathSegment(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('%')) return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

const RAW_SEGMENTS = ['%ED%A0%80', '%C0%80', '%00', '%zz', '%', 'a%2Fb', '..%2F..'];

function queryString(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `?${pathSegment(value)}`;
  const pairs = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${pathSegment(k)}=${typeof v === 'string' ? pathSegment(v) : pathSegment(v)}`,
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

type BodyKind = 'json' | 'none' | 'empty-json' | 'text' | 'xml' | 'form' | 'bad-json' | 'proto';

interface Shot {
  auth: 'none' | 'shopper' | 'admin' | 'garbage';
  bodyKind: BodyKind;
  body: unknown;
  query: unknown;
  params: Record<string, unknown>;
  raw: string;
}

const keyOf = (route: Route) => `${route.method} ${route.url}`;

const MULTIPART_FIELDS: Record<string, unknown> = {
  'POST /api/admin/products': adminProductFieldsSchema,
  'POST /api/admin/products/:id/images': undefined,
  'POST /api/admin/videos/upload': adminVideoUploadFieldsSchema,
};

const MULTIPART_FIELDS_KEYS = new Set(Object.keys(MULTIPART_FIELDS));

function shotFor(route: Route, good: Record<string, unknown[]>): fc.Arbitrary<Shot> {
  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [
        name,
        fc.oneof(
          arbitraryFor(
            (defOf(route.schema.params)?.shape as Record<string, unknown> | undefined)?.[name],
            good,
            name,
            1,
          ),
          fc.constantFrom(...RAW_SEGMENTS),
        ),
      ]),
    ),
  );
  return fc.record({
    // Mostly the role the route is for, so requests get past the session check.
    auth: fc.oneof(
      {
        arbitrary: fc.constant(route.url.startsWith('/api/admin') ? 'admin' : 'shopper'),
        weight: 5,
      },
      { arbitrary: fc.constantFrom('none', 'shopper', 'admin', 'garbage'), weight: 2 },
    ) as fc.Arbitrary<Shot['auth']>,
    bodyKind: fc.oneof(
      { arbitrary: fc.constant<BodyKind>('json'), weight: 8 },
      {
        arbitrary: fc.constantFrom<BodyKind>(
          'none',
          'empty-json',
          'text',
          'xml',
          'form',
          'bad-json',
          'proto',
        ),
        weight: 4,
      },
    ),
    body: payloadFor(route.schema.body ?? MULTIPART_FIELDS[`${route.method} ${route.url}`], good),
    query: route.schema.querystring
      ? payloadFor(route.schema.querystring, good)
      : fc.option(hostileValue),
    params,
    raw: fc.constantFrom(...RAW_SEGMENTS),
  });
}

/** Any generated value as text (some are objects without a prototype). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function fieldsOf(value: unknown): Record<string, string | string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v.map(asText) : asText(v)]),
  );
}

const MALFORMED_MULTIPART: { headers: Record<string, string>; payload: string }[] = [
  { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
  {
    headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    payload: '--YY\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--YY--\r\n',
  },
  {
    headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    payload: '--XX\r\nContent-Dis',
  },
  {
    headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    payload: '--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\nshirt\r\n',
  },
  {
    headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    payload:
      '--XX\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
  },
  {
    headers: { 'content-type': `multipart/form-data; boundary="${'B'.repeat(257)}"` },
    payload: `--${'B'.repeat(257)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n`,
  },
];

// ── The run ───────────────────────────────────────────────────────────────────────────────────

const routes: Route[] = [];
// Listening, so the payment emulator can be reached (Razorpay orders are created through it). One
// database state for the run: the rows below are made once.
const t = useTestApp({
  env: () => {
    // A built storefront, so its pages answer as in production rather than "not built yet" (503).
    const webDir = makeTempDir('web');
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Vastra</title>');
    // Webhooks from the emulator would change orders between a request and its check: none is
    // delivered (nothing listens on the discard port).
    return { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/', WEB_DIST_DIR: webDir };
  },
  deps: {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        if (method !== 'HEAD' && method !== 'OPTIONS')
          routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Route['schema'] });
    },
  },
  listen: true,
  reset: false,
});
let tokens: { shopper: string; admin: string };
let ids: { products: string[]; orders: string[] };
let png: Buffer;
let refillCart: () => Promise<void>;

beforeAll(async () => {
  const db = t.db;
  const app = t.app;
  const products = await insertProducts(db, [{}, {}, { price: 1 }]);
  const admin = await loggedInAdmin(app, db);
  const shopper = await loggedInShopper(app, db, 'fuzz');
  const order = await insertOrder(db, shopper.userId, { address: ADDRESS });
  refillCart = async () => {
    await db
      .insert(carts)
      .values({ userId: shopper.userId, productId: products[0]!.id, size: 'M', quantity: 1 })
      .onConflictDoNothing();
  };
  tokens = { shopper: shopper.token, admin: admin.token };
  ids = { products: products.map((p) => p.id), orders: [order.id] };
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
}, 60_000);

function request(route: Route, shot: Shot, index: number): InjectOptions {
  let url = route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) =>
    pathSegment(shot.params[name ?? '*']),
  );
  if (index % 17 === 0) url = url.replace(/[^/]+$/, shot.raw);
  url += queryString(shot.query);
  const headers: Record<string, string> = {};
  if (shot.auth === 'shopper') headers.token = tokens.shopper;
  if (shot.auth === 'admin') headers.token = tokens.admin;
  if (shot.auth === 'garbage') headers.token = `${tokens.shopper.slice(0, -3)}\u00e9x`;
  const options: InjectOptions = { method: route.method as 'GET', url, headers };
  const key = `${route.method} ${route.url}`;
  if (key in MULTIPART_FIELDS && shot.bodyKind !== 'text') {
    if (shot.bodyKind === 'form' || shot.bodyKind === 'json') {
      const fields = fieldsOf(shot.body);
      const files = shot.auth === 'admin' && index % 3 === 0 ? [png] : [crypto.randomBytes(64)];
      const form = multipart(
        fields,
        files.map((bytes) => ({
          field: key.includes('video') ? 'video' : 'images',
          filename: 'x.png',
          contentType: 'image/png',
          bytes,
        })),
      );
      return { ...options, headers: { ...headers, ...form.headers }, payload: form.payload };
    }
    const malformed = MALFORMED_MULTIPART[index % MALFORMED_MULTIPART.length]!;
    return {
      ...options,
      headers: { ...headers, ...malformed.headers },
      payload: malformed.payload,
    };
  }
  if (route.method === 'GET' || route.method === 'DELETE') {
    if (shot.bodyKind !== 'json') return options;
  }
  switch (shot.bodyKind) {
    case 'none':
      return options;
    case 'empty-json':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '',
      };
    case 'text':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: asText(shot.body),
      };
    case 'xml':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<a/>',
      };
    case 'form':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1&b=%00',
      };
    case 'bad-json':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"a":',
      };
    case 'proto':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
      };
    default:
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(shot.body ?? null),
      };
  }
}

/** The refusal's message: ours, or the emulator's Razorpay-shaped `error.description`. */
function messageOf(body: string): unknown {
  try {
    const json = JSON.parse(body) as { message?: unknown; error?: { description?: unknown } };
    return json.message ?? json.error?.description;
  } catch {
    return undefined;
  }
}

/** Our own JSON surface; storefront pages and files answer a 404 their own way. */
const answersJson = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/razorpay-emulator/');

describe('fuzzing every route', () => {
  it('answers every request below 500, refuses in plain words and writes nothing when it refuses', async () => {
    console.info(`fuzz: seed ${SEED} (FUZZ_SEED to replay), ${REQUESTS} requests`);
    expect(routes.length).toBeGreaterThan(30);
    const good = knownGood(ids);
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    const started = Date.now();
    let sent = 0;
    // Routes that take input get three requests a round; the others one.
    const schedule = routes.flatMap((route) =>
      route.schema.body || route.schema.querystring || MULTIPART_FIELDS_KEYS.has(keyOf(route))
        ? [route, route, route]
        : [route],
    );
    const rounds = Math.max(1, Math.ceil(REQUESTS / schedule.length));
    const shots = schedule.map((route, r) =>
      fc.sample(shotFor(route, good), { seed: SEED + r, numRuns: rounds }),
    );
    let before: Record<string, string> = {};
    for (let round = 0; round < rounds && Date.now() - started < BUDGET_MS; round += 1) {
      // A cart to check out, so order requests reach the database.
      await refillCart();
      before = await tableDigests(t.db);
      for (const [r, route] of schedule.entries()) {
        const shot = shots[r]![round]!;
        const options = request(route, shot, round + r);
        const res = await t.app.inject(options);
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${route.method} ${route.url}`;
        const what = () =>
          `${options.method} ${String(options.url).slice(0, 200)} ${String(options.payload ?? '').slice(0, 300)}`;
        const fail = (kind: string, detail: string) => {
          const id = `${where} ${kind}`;
          if (!failures.has(id)) failures.set(id, `${id}: ${detail}\n    request: ${what()}`);
        };
        if (res.statusCode >= 500) fail(`${res.statusCode}`, res.body.slice(0, 300));
        if (res.statusCode >= 400 && res.statusCode < 500 && answersJson(route.url)) {
          const message = messageOf(res.body);
          if (typeof message !== 'string' || message === '')
            fail('no message', res.body.slice(0, 200));
          else if (DEFAULT_WORDING.test(message)) fail('default wording', message);
        }
        const after = await tableDigests(t.db);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          const changed = changedTables(before, after);
          if (changed.length)
            fail('wrote on refusal', `${res.statusCode} changed ${changed.join(', ')}`);
        }
        before = after;
      }
    }
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.info(
      `fuzz: ${sent} requests to ${routes.length} routes in ${Date.now() - started} ms: ${counts.join(' ')}`,
    );
    const errors = t.logs.filter((line) => line.level >= 50).map((line) => JSON.stringify(line));
    for (const line of errors)
      for (const value of [ADDRESS.phone, ADDRESS.street])
        if (line.includes(value))
          failures.set(`log ${value}`, `an error log holds ${value}: ${line.slice(0, 300)}`);
    expect([...failures.values()], `seed ${SEED}`).toEqual([]);
    // The time budget keeps a slow machine inside the suite's limits; it must not quietly turn
    // the run into a token one: every route is tried in at least five rounds.
    expect(sent).toBeGreaterThanOrEqual(schedule.length * Math.min(rounds, 5));
  }, 90_000);
});

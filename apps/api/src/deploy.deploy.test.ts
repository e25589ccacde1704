import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema/users';
import { hashPassword } from './modules/auth/passwords';
import { ADDRESS, insertProducts, multipart } from './test/fixtures';
import { startServer, type Started } from './test/server-process';
import { makeTempDir } from './test/test-app';
import { startTestS3, type TestS3 } from './test/test-s3';

/**
 * deploy/ as it is shipped (decision 116): two server processes on one PostgreSQL database and
 * one Redis, uploads in one S3-compatible store, Debian's nginx in front rendered from
 * deploy/nginx.conf. Every step goes through nginx, which alternates between the processes
 * (`X-Vastra-Upstream` says which answered), and must work whichever answers.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
const SHOPPER = { email: 'asha@example.com', password: 'shopper-password-1' };
const PG_ADMIN_URL =
  process.env.DEPLOY_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.DEPLOY_TEST_REDIS ?? 'redis://127.0.0.1:6379';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** deploy/nginx.conf with this run's ports, inside a minimal main config run as this user. */
function renderNginx(dir: string, listen: number, upstreams: string[]): string {
  const site = fs
    .readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
    .replace('{{LISTEN}}', `127.0.0.1:${listen}`)
    .replace('{{UPSTREAM_SERVERS}}', upstreams.map((u) => `    server ${u};`).join('\n'));
  fs.writeFileSync(path.join(dir, 'vastra.conf'), site);
  const asRoot = process.getuid?.() === 0;
  const main = `
${asRoot ? `user ${os.userInfo().username};` : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/vastra.conf;
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, main);
  return file;
}

const available =
  fs.existsSync(NGINX) &&
  (await answers(5432)) &&
  (await answers(Number(new URL(REDIS_URL).port || 6379), new URL(REDIS_URL).hostname));

describe.skipIf(!available)('two processes behind nginx (deploy/)', () => {
  const dbName = `vastra_deploy_${process.pid}_${Date.now()}`;
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  let s3: TestS3;
  let servers: Started[] = [];
  let nginx: ChildProcess | undefined;
  let origin = '';
  const upstreamPorts: number[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    s3 = await startTestS3();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      TRUST_PROXY: 'loopback',
      WEB_DIST_DIR: makeTempDir('web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3.env,
    };
    // Migrated, with a shopper and a product, so neither process renders the demo catalogue.
    const database = await openDatabase(loadConfig({ ...env, DATA_DIR: makeTempDir('mig') }));
    try {
      await database.migrate();
      await insertProducts(database.db, [{ name: 'Already here' }]);
      await database.db.insert(users).values({
        name: 'Asha',
        email: SHOPPER.email,
        passwordHash: await hashPassword(SHOPPER.password),
      });
    } finally {
      await database.close();
    }
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      upstreamPorts.push(port);
      // Each its own DATA_DIR, as on separate machines: uploads are shared through the bucket.
      servers.push(startServer({ ...env, PORT: String(port), DATA_DIR: makeTempDir(`node${i}`) }));
    }
    await Promise.all(servers.map((s) => s.waitFor(/Server listening at/)));
    const dir = makeTempDir('nginx');
    const listen = await freePort();
    const config = renderNginx(
      dir,
      listen,
      upstreamPorts.map((p) => `127.0.0.1:${p}`),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (let i = 0; i < 50 && !(await answers(listen)); i++)
      await new Promise((r) => setTimeout(r, 100));
    origin = `http://127.0.0.1:${listen}`;
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    servers = [];
    await s3?.stop();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  /** The parts of the API's answers this test reads. */
  interface Answer {
    token?: string;
    product?: { _id: string; image: string[] };
    products?: { name: string }[];
    orders?: unknown[];
  }

  /** Every call through nginx; the answer says which process gave it. */
  async function call(
    method: string,
    url: string,
    options: {
      token?: string;
      json?: unknown;
      form?: { payload: Buffer; headers: Record<string, string> };
    } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.token = options.token;
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.form) {
      Object.assign(headers, options.form.headers);
      body = new Uint8Array(options.form.payload);
    }
    const res = await fetch(`${origin}${url}`, { method, headers, body });
    const upstream = res.headers.get('x-vastra-upstream') ?? '';
    const text = await res.text();
    return {
      status: res.status,
      upstream,
      text,
      json: () => JSON.parse(text) as Answer,
    };
  }

  it('alternates between the processes, and a session, an upload, a catalogue change, a cart, a COD checkout and a rate limit hold across them', async () => {
    // nginx alternates: consecutive answers come from both processes.
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) seen.add((await call('GET', '/api/product/list')).upstream);
    expect([...seen].sort()).toEqual(upstreamPorts.map((p) => `127.0.0.1:${p}`).sort());

    const login = await call('POST', '/api/user/login', { json: ADMIN });
    expect(login.status, login.text).toBe(200);
    const adminToken = login.json().token as string;

    // The owner adds a product with a picture: one process takes it, both serve it.
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#3355aa' },
    })
      .png()
      .toBuffer();
    const created = await call('POST', '/api/admin/products', {
      token: adminToken,
      form: multipart(
        {
          name: 'Deploy Shirt',
          description: 'Made on two machines.',
          price: '999',
          category: 'SHIRTS',
          subCategory: 'SNITCH',
          sizes: ['M'],
          // Units to sell: a product starts with none (docs/decisions/110).
          stock: JSON.stringify({ M: 5 }),
        },
        [{ field: 'images', filename: 'p.png', contentType: 'image/png', bytes: png }],
      ),
    });
    expect(created.status, created.text).toBe(200);
    const product = created.json().product as { _id: string; image: string[] };
    const byProcess = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const picture = await call('GET', product.image[0]!);
      byProcess.set(picture.upstream, picture.status);
    }
    expect([...byProcess.values()]).toEqual([200, 200]);
    // The catalogue change is in every process's list at once (NOTIFY drops their caches).
    const lists = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const list = await call('GET', '/api/product/list');
      lists.add(list.upstream);
      expect(list.json().products?.map((p) => p.name)).toContain('Deploy Shirt');
    }
    expect(lists.size).toBe(2);

    // A shopper's session and cart, whichever process answers.
    const shopper = (await call('POST', '/api/user/login', { json: SHOPPER })).json()
      .token as string;
    const added = await call('POST', '/api/cart/add', {
      token: shopper,
      json: { itemId: product._id, size: 'M' },
    });
    expect(added.status, added.text).toBe(200);
    const carts = await Promise.all(
      [0, 1, 2, 3].map(() => call('POST', '/api/cart/get', { token: shopper })),
    );
    for (const cart of carts) expect(JSON.stringify(cart.json())).toContain(product._id);
    expect(new Set(carts.map((c) => c.upstream)).size).toBe(2);

    // Cash on delivery: placed through one process, listed by both.
    const placed = await call('POST', '/api/order/place', {
      token: shopper,
      json: { address: ADDRESS, paymentMethod: 'cod' },
    });
    expect(placed.status, placed.text).toBe(200);
    const orderLists = await Promise.all(
      [0, 1, 2, 3].map(() => call('POST', '/api/order/userorders', { token: shopper })),
    );
    for (const list of orderLists) expect(list.json().orders).toHaveLength(1);
    expect(new Set(orderLists.map((l) => l.upstream)).size).toBe(2);

    // The coupon check's per-account limit (30) is counted once, in Redis, across both processes.
    const statuses: number[] = [];
    const ports = new Set<string>();
    for (let i = 0; i < 31; i++) {
      const check = await call('POST', '/api/coupon/check', {
        token: shopper,
        json: { code: 'NOPE10' },
      });
      statuses.push(check.status);
      ports.add(check.upstream);
    }
    expect(ports.size).toBe(2);
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses[30]).toBe(429);
  }, 120_000);
});

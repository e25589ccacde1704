// `npm run bench`: prints the figures issue budgets are stated in.
//  0. Server start: cold (nothing built or cached yet) and warm, to the first 200 of the product
//     list, and the idle memory (RSS) after it, for the source run through tsx (as before) and
//     for `npm start`'s build (docs/decisions/113-server-build-health-and-signals.md), alternated
//     in this one run.
//  1. The JavaScript a browser downloads to show the home route (budget: 100 KB gzip), and for
//     comparison /collection, measured by loading the built storefront in Chromium.
//  2. GET /api/product/list throughput against a bare node:http server returning the same bytes,
//     both measured with autocannon in this one run (target: at least 50 %).
//  2b. Page HTML: /collection's shell and a product's page with its share tags, brotli, against a
//     bare node:http server sending the same bytes (docs/decisions/141-links-that-travel.md).
//  3. With PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a server where a scratch database
//     may be created): order creation latency, 50 shoppers at once ordering the same product size,
//     with the stock step against the same orders without it, in one run (docs/decisions/110).
//  4. With PostgreSQL too: the catalogue query, GET /api/products, at 100,000 products
//     (scripts/bench/catalogue-query.mjs, docs/decisions/139-catalogue-query.md).
//  5. With PostgreSQL too: a phone's first product card on /collection and Lighthouse's mobile
//     score of three pages, at 54 and 100,000 products (scripts/bench/lighthouse.mjs,
//     docs/decisions/149-lighthouse-in-the-bench.md).
// BENCH_ONLY=catalogue runs part 4 alone, BENCH_ONLY=lighthouse part 5.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { chromium } from 'playwright-core';
import os from 'node:os';
import { buildServerIfNeeded, buildStorefrontIfNeeded, SERVER_BUILD } from './build-if-needed.mjs';
import { ensureChromium, CHROMIUM_PATH } from './ensure-chromium.mjs';
import { benchCatalogue } from './bench/catalogue-query.mjs';
import { benchLighthouse } from './bench/lighthouse.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JS_BUDGET_BYTES = 100 * 1024;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers (a first start seeds the catalogue: up to 3 minutes). */
async function waitUntilUp(child, url, what) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited early.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start.`);
}

const START_ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const dataDir = path.join(root, 'data', 'bench');

/** How the server is run: its TypeScript through tsx, or the build `npm start` makes. */
const WAYS = {
  tsx: { label: 'tsx (source)', args: ['--import', 'tsx', 'apps/api/src/server.ts'] },
  build: { label: 'build (npm start)', args: ['--enable-source-maps', SERVER_BUILD] },
};

/** Starts the shop; answers when the product list first answers 200, with the time that took. */
async function startShop(way = 'build', env = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, WAYS[way].args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'emulator',
      JWT_SECRET: 'bench-only-secret-0123456789-abcdefghij',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 5 minutes: at 100,000 products (part 4) the first list is built before it answers.
  for (let i = 0; i < 15_000; i++) {
    if (child.exitCode !== null) throw new Error('The shop server exited early.');
    try {
      if ((await fetch(`${url}/api/product/list`)).ok)
        return { url, child, startMs: performance.now() - started };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('The shop server did not start.');
}

/** An API server on `databaseUrl` (development mode: the stock baseline is refused in production). */
async function startOrderServer(databaseUrl, extraEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-only-secret-0123456789-abcdefghij',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(root, 'data', `bench-orders-${port}`),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}/api/order/options`, 'An order bench server');
  return { url, child };
}

const SHOPPERS = 50;
const ORDER_ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 6);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * 3. Order creation with and without the stock step. Two servers on one scratch PostgreSQL
 * database, identical but for BENCH_WITHOUT_STOCK on the baseline. Rounds alternate between them
 * (so both see the same machine and database); in each round 50 shoppers, each with one unit of
 * the same size in the cart, place a cash-on-delivery order at once (no provider call, so the
 * figure is the API and the database). The stock row has enough units that nobody is refused.
 */
async function benchOrders(adminUrl) {
  const name = `vastra_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // The first server migrates and seeds (the demo catalogue and its stock), then the second.
    servers.push(await startOrderServer(url.toString(), {}));
    servers.push(await startOrderServer(url.toString(), { BENCH_WITHOUT_STOCK: 'true' }));
    const [withStock, without] = servers;
    await db.connect();
    const {
      rows: [product],
    } = await db.query(`select id, sizes[1] as size from products order by created_at limit 1`);
    await db.query(
      `insert into product_stock (product_id, size, on_hand) values ($1, $2, 100000)
       on conflict (product_id, size) do update set on_hand = 100000`,
      [product.id, product.size],
    );
    const { rows: users } = await db.query(
      `insert into users (name, email, password_hash)
       select 'Bench shopper', 'bench' || g || '@example.com', 'x' from generate_series(1, $1) g
       returning id, token_version`,
      [SHOPPERS],
    );
    const key = new TextEncoder().encode('bench-only-secret-0123456789-abcdefghij');
    const tokens = await Promise.all(
      users.map((u) =>
        new SignJWT({ ver: u.token_version })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(u.id)
          .setIssuer('vastra')
          .setAudience('vastra-shop')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(key),
      ),
    );
    const address = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      street: '1 MG Road',
      city: 'Bengaluru',
      zipcode: '560001',
      country: 'India',
      phone: '9876543210',
    };
    const round = async (server) => {
      await db.query(
        `insert into carts (user_id, product_id, size, quantity)
         select unnest($1::uuid[]), $2, $3, 1`,
        [users.map((u) => u.id), product.id, product.size],
      );
      return Promise.all(
        tokens.map(async (token) => {
          const started = performance.now();
          const res = await fetch(`${server.url}/api/order/place`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({ address, paymentMethod: 'cod' }),
          });
          const ms = performance.now() - started;
          if (!res.ok) throw new Error(`order refused: ${res.status} ${await res.text()}`);
          return ms;
        }),
      );
    };
    // A warm-up round each (connections, JIT), not counted.
    await round(withStock);
    await round(without);
    const times = { withStock: [], without: [] };
    for (let r = 0; r < ORDER_ROUNDS; r++) {
      times.withStock.push(...(await round(withStock)));
      times.without.push(...(await round(without)));
    }
    const stats = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const a = stats(times.withStock);
    const b = stats(times.without);
    console.log(
      `\nOrder creation on PostgreSQL, ${SHOPPERS} shoppers at once ordering one unit of the same size, ${ORDER_ROUNDS} rounds each (alternating):`,
    );
    console.log(
      '  Two servers on one scratch database; the baseline runs with BENCH_WITHOUT_STOCK=true: the same order without the conditional stock UPDATE, its ledger row and the NOTIFY.',
    );
    console.log(
      `  with stock step     p50 ${a.p50.toFixed(1).padStart(7)} ms   p99 ${a.p99.toFixed(1).padStart(7)} ms`,
    );
    console.log(
      `  without stock step  p50 ${b.p50.toFixed(1).padStart(7)} ms   p99 ${b.p99.toFixed(1).padStart(7)} ms`,
    );
    console.log(
      `  ratio with/without  p50 ${(a.p50 / b.p50).toFixed(2)}×   p99 ${(a.p99 / b.p99).toFixed(2)}×`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (s) => new Promise((r) => (s.child.exitCode !== null ? r() : s.child.once('exit', r))),
      ),
    );
    await db.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function stopShop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)[1]) * 1024;
}

/**
 * One start of `way`: `cold` first removes what a first start would not have (the build, or
 * tsx's transform cache, kept under the temporary directory) and counts the build in the time.
 */
async function measureStart(way, cold, tmpdir) {
  let buildMs = 0;
  if (way === 'build') {
    if (cold) fs.rmSync(path.dirname(SERVER_BUILD), { recursive: true, force: true });
    const before = performance.now();
    await buildServerIfNeeded();
    buildMs = performance.now() - before;
  } else if (cold) {
    fs.rmSync(tmpdir, { recursive: true, force: true });
    fs.mkdirSync(tmpdir, { recursive: true });
  }
  const shop = await startShop(way, { TMPDIR: tmpdir });
  // Idle: a few seconds after the first answer, nothing asked of it.
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssBytes(shop.child.pid);
  await stopShop(shop.child);
  return { ms: buildMs + shop.startMs, rss };
}

async function measureStarts() {
  // A first start seeds the catalogue (about half a minute): done once, before any timing.
  await buildServerIfNeeded();
  const seeded = await startShop('build');
  await stopShop(seeded.child);

  const tmpdir = path.join(os.tmpdir(), `vastra-bench-tsx-${process.pid}`);
  const results = { tsx: { cold: [], warm: [], rss: [] }, build: { cold: [], warm: [], rss: [] } };
  for (let round = 0; round < START_ROUNDS; round++) {
    for (const way of ['tsx', 'build']) {
      for (const cold of [true, false]) {
        const { ms, rss } = await measureStart(way, cold, tmpdir);
        results[way][cold ? 'cold' : 'warm'].push(ms);
        if (!cold) results[way].rss.push(rss);
      }
    }
  }
  fs.rmSync(tmpdir, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
  console.log(
    `\nServer start to the first 200 of /api/product/list, and idle memory (RSS) 3 s later;` +
      ` median of ${START_ROUNDS} alternating rounds (all rounds in brackets):`,
  );
  for (const way of ['tsx', 'build']) {
    const r = results[way];
    console.log(
      `  ${WAYS[way].label.padEnd(18)} cold ${s(median(r.cold)).padStart(6)} (${r.cold.map(s).join(', ')})` +
        `   warm ${s(median(r.warm)).padStart(6)} (${r.warm.map(s).join(', ')})` +
        `   idle RSS ${mb(median(r.rss)).padStart(6)} (${r.rss.map(mb).join(', ')})`,
    );
  }
}

async function measureRouteJs(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
    } catch {
      /* a redirect or an aborted request has no body */
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { total, scripts };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function cannon(url, headers = {}) {
  const result = await autocannon({
    url,
    headers,
    connections: 10,
    duration: DURATION_S,
    pipelining: 1,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const only = process.env.BENCH_ONLY;
if (only === undefined) {
  buildStorefrontIfNeeded();
  ensureChromium();
  if (START_ROUNDS > 0) await measureStarts();
  await buildServerIfNeeded();
  const shop = await startShop();
  try {
    // 1. JavaScript per route.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    console.log('\nInitial JavaScript per route (gzip -9 of each script the page loads):');
    for (const route of ['/', '/collection']) {
      const { total, scripts } = await measureRouteJs(browser, shop.url + route);
      console.log(
        `  ${route.padEnd(12)} ${kb(total).padStart(9)}  (${scripts.size} files: ${[...scripts].map(([f, n]) => `${path.basename(f)} ${kb(n)}`).join(', ')})`,
      );
      if (route === '/') {
        console.log(
          `  home route budget ${kb(JS_BUDGET_BYTES)}: ${total <= JS_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
        );
      }
    }
    await browser.close();

    // 2. Throughput of the product list against a bare node:http server with the same bytes.
    const body = Buffer.from(await (await fetch(`${shop.url}/api/product/list`)).arrayBuffer());
    // The bare server runs in its own process, like the shop, so both compete with autocannon alike.
    const bodyFile = path.join(root, 'data', 'bench-product-list.json');
    fs.mkdirSync(path.dirname(bodyFile), { recursive: true });
    fs.writeFileSync(bodyFile, body);
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [
        '-e',
        `
      const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
      require('node:http').createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      }).listen(${barePort}, '127.0.0.1', () => console.log('ready'));
    `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((r) => bare.stdout.once('data', r));
    const bareUrl = `http://127.0.0.1:${barePort}/api/product/list`;
    console.log(
      `\nGET /api/product/list (${kb(body.length)} body), ${ROUNDS} rounds of ${DURATION_S}s, 10 connections:`,
    );
    // Alternate round by round so that both see the same machine.
    const bareRates = [];
    const shopRates = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRates.push(await cannon(bareUrl));
      shopRates.push(await cannon(`${shop.url}/api/product/list`));
    }
    bare.kill();
    const bareRate = mean(bareRates);
    const shopRate = mean(shopRates);
    console.log(
      `  bare node:http  ${bareRate.toFixed(0).padStart(7)} req/s  (rounds: ${bareRates.map((r) => r.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  Vastra API      ${shopRate.toFixed(0).padStart(7)} req/s  (rounds: ${shopRates.map((r) => r.toFixed(0)).join(', ')})`,
    );
    const ratio = shopRate / bareRate;
    console.log(
      `  ratio ${(ratio * 100).toFixed(1)} % of bare node:http (target ≥ 50 %): ${ratio >= 0.5 ? 'met' : 'NOT MET'}`,
    );

    // 3. Page HTML (docs/decisions/141-links-that-travel.md): the storefront's shell and a product's
    //    page with its share tags, as a browser asks for them (brotli), against a bare node:http
    //    server sending the same compressed bytes. Before decision 141 the shell was re-compressed
    //    on every request and reached 4–7 % of the bare server.
    const accept = { 'accept-encoding': 'br, gzip' };
    const [someProduct] = JSON.parse(body.toString()).products;
    const pages = ['/collection', `/product/${someProduct._id}`];
    const pageFiles = [];
    for (const [i, route] of pages.entries()) {
      const answer = await fetch(`${shop.url}${route}`, { headers: accept });
      const file = path.join(root, 'data', `bench-page-${i}.br`);
      // fetch decodes; the bare server is given the bytes re-encoded once, as the shop keeps them.
      fs.writeFileSync(file, zlib.brotliCompressSync(Buffer.from(await answer.arrayBuffer())));
      pageFiles.push(file);
    }
    const barePagesPort = await freePort();
    const barePages = spawn(
      process.execPath,
      [
        '-e',
        `
      const fs = require('node:fs');
      const bodies = ${JSON.stringify(pageFiles)}.map((f) => fs.readFileSync(f));
      require('node:http').createServer((req, res) => {
        const body = bodies[req.url.startsWith('/product/') ? 1 : 0];
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': body.length });
        res.end(body);
      }).listen(${barePagesPort}, '127.0.0.1', () => console.log('ready'));
    `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((r) => barePages.stdout.once('data', r));
    console.log(`\nPage HTML (brotli), ${ROUNDS} rounds of ${DURATION_S}s, 10 connections:`);
    for (const route of pages) {
      const bareRates = [];
      const shopRates = [];
      for (let round = 0; round < ROUNDS; round++) {
        bareRates.push(await cannon(`http://127.0.0.1:${barePagesPort}${route}`, accept));
        shopRates.push(await cannon(`${shop.url}${route}`, accept));
      }
      const ratio = mean(shopRates) / mean(bareRates);
      const label = route.startsWith('/product/') ? '/product/<id>' : route;
      console.log(
        `  ${label.padEnd(14)} Vastra ${mean(shopRates).toFixed(0).padStart(7)} req/s, bare ${mean(bareRates).toFixed(0).padStart(7)} req/s: ${(ratio * 100).toFixed(1)} % of bare node:http`,
      );
    }
    barePages.kill();
  } finally {
    await stopShop(shop.child);
  }
}

const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (benchDatabaseUrl) {
  if (only === undefined) await benchOrders(benchDatabaseUrl);
  await buildServerIfNeeded();
  if (only !== 'lighthouse') await benchCatalogue(benchDatabaseUrl, { root, startShop, stopShop });
  if (only === undefined || only === 'lighthouse') {
    buildStorefrontIfNeeded();
    ensureChromium();
    await benchLighthouse(benchDatabaseUrl, { root, startShop, stopShop });
  }
} else
  console.log(
    '\nOrder creation latency, the catalogue query and Lighthouse at 100,000 products: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server).',
  );

// `npm run bench`, part 5 (BENCH_ONLY=lighthouse runs it alone): what a shopper's phone sees at the
// demo catalogue's 54 products and at 100,000, on PostgreSQL, measured in one run
// (docs/decisions/149-lighthouse-in-the-bench.md):
//  - the time to the first product card on /collection, painted, and to its picture, loaded;
//  - Lighthouse's mobile performance score, with LCP, TBT and CLS, of `/`, `/collection` and one
//    product page (the same seeded product at both sizes);
//  - what Lighthouse says costs the score most on each page (its audits that failed, largest
//    saving first);
//  - the host's speed over those runs (Lighthouse's benchmarkIndex and the main-thread work per
//    load), since a busy host lowers every score.
// Two shops run side by side, one per size, each on its own scratch database, and every round
// measures both, so a busy moment of this shared machine falls on both sizes alike; the figures
// are medians of the rounds, and the ratios (100k ÷ 54) come from the same run.
// Both use Lighthouse's own mobile profile: a Moto G Power screen, 4× CPU slowdown and its slow 4G
// (150 ms, 1.6 Mbit/s). Lighthouse simulates that throttling from an unthrottled load (its
// default); the first card is timed on a real throttled load, CDP's emulation with the same
// figures, since Lighthouse's simulation has no "first card" metric.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_PATH } from '../ensure-chromium.mjs';
import { growCatalogue } from './grow-catalogue.mjs';

const LARGE = Number(process.env.BENCH_LIGHTHOUSE_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
/** First-card loads per shop and round: cheap beside a Lighthouse run, and noisier. */
const CARD_LOADS = 3;
const CARD = '[data-testid="product-card"]';
const PHONE = throttling.mobileSlow4G;
const SCREEN = screenEmulationMetrics.mobile;
const { CHROMIUM_ARGS, UNUSED_BROWSER_UI } = await tsImport(
  '../../apps/web/e2e/support/chromium.ts',
  import.meta.url,
);
const { productPath } = await tsImport(
  '../../packages/shared/src/links/product-url.ts',
  import.meta.url,
);
/**
 * The flags headless Chromium runs with here (README), without the address bar's popups, which
 * would take a core from the page being measured (docs/decisions/159), for Lighthouse's own
 * Chromium; the first-card loads go through Playwright with the browser tests' CHROMIUM_ARGS.
 */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${UNUSED_BROWSER_UI.join(',')}`,
];
const TARGETS = { firstCardRatio: 1.1, score: 95 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Chromium with a DevTools port and a fresh profile, for Lighthouse to drive; `close()` ends it. */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-lighthouse-'));
  // Its own process group: /usr/bin/chromium is a wrapper script, and the browser its child.
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', () => reject(new Error(`Chromium exited before it listened:\n${text}`)));
  });
  return {
    port,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse mobile run; a run Lighthouse itself reports as failed (on a busy machine now and
 * then: "NO_NAVSTART", a trace it could not record) is made again, up to 3 tries.
 */
async function lighthouseRun(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt === 3 || !error.lighthouseFailed) throw error;
      console.log(`    (Lighthouse run failed, run again: ${error.message})`);
    }
  }
}

/** One Lighthouse mobile run (default config: performance only, simulated throttling). */
async function lighthouseOnce(url) {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: browser.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw Object.assign(new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`), {
        lighthouseFailed: true,
      });
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      // How fast this host ran the page: Lighthouse's simulation multiplies the main-thread work
      // it saw by 4, so a busy host lowers every score (decision 149's addendum).
      benchmarkIndex: lhr.environment.benchmarkIndex,
      mainThreadMs: audit('mainthread-work-breakdown'),
      costs: costsOf(lhr),
      html: result.report,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The performance audits that did not pass, largest estimated saving first: opportunities by the
 * milliseconds of LCP/FCP they would save, diagnostics after them by their own score.
 */
function costsOf(lhr) {
  const ids = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .map((ref) => ref.id);
  return ids
    .map((id) => lhr.audits[id])
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'informative',
    )
    .map((a) => {
      const savings = a.metricSavings ?? {};
      const ms = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      return { id: a.id, title: a.title, display: a.displayValue ?? '', ms, score: a.score };
    })
    .sort((a, b) => b.ms - a.ms || a.score - b.score);
}

/**
 * The first product card of /collection on a throttled phone: when it is painted (the frame after
 * it enters the page) and when its picture has loaded, counted from the navigation's start.
 */
async function firstCard(browser, url) {
  const context = await browser.newContext({
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.requestLatencyMs,
      downloadThroughput: (PHONE.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (PHONE.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdownMultiplier });
    // Runs in the page: the browser's globals.
    /* global window, document, requestAnimationFrame, MutationObserver */
    await page.addInitScript((selector) => {
      const seen = (window.__firstCard = {});
      const look = () => {
        const card = document.querySelector(selector);
        if (!card) return;
        observer.disconnect();
        requestAnimationFrame(() => (seen.painted = performance.now()));
        const img = card.querySelector('img');
        const loaded = () => (seen.picture = performance.now());
        if (!img) seen.picture = NaN;
        else if (img.complete && img.naturalWidth > 0) loaded();
        else img.addEventListener('load', loaded, { once: true });
      };
      const observer = new MutationObserver(look);
      observer.observe(document, { childList: true, subtree: true });
    }, CARD);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const seen = window.__firstCard;
        return seen && seen.painted !== undefined && seen.picture !== undefined && seen;
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    return await handle.jsonValue();
  } finally {
    await context.close();
  }
}

/** A scratch database on the PostgreSQL server at `adminUrl`; answers its URL. */
async function scratchDatabase(admin, adminUrl, name) {
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The seeded product both catalogues have: its page is measured at both sizes, at the address its
 * cards, the sitemap and its share tags give (`/product/<slug>-<id>`). A bare id, as older links
 * have it, also opens the page, which then puts the readable address in the bar (decision 141).
 */
async function seededProductPath(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select id, name from products where seed_key is not null order by seed_key limit 1`,
    );
    return productPath({ _id: rows[0].id, name: rows[0].name });
  } finally {
    await db.end();
  }
}

function printCosts(label, costs) {
  const shown = costs.slice(0, 5);
  console.log(`    ${label}: ${shown.length ? '' : 'nothing failed'}`);
  for (const c of shown)
    console.log(
      `      ${c.ms ? `~${Math.round(c.ms)} ms`.padStart(9) : '         '}  ${c.title}${c.display ? ` (${c.display})` : ''}`,
    );
}

/**
 * @param adminUrl a PostgreSQL server where scratch databases may be created
 * @param shop { root, startShop(way, env), stopShop(child) } from scripts/bench.mjs
 */
export async function benchLighthouse(adminUrl, { root, startShop, stopShop }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const names = {
    small: `vastra_lighthouse_${process.pid}_54`,
    large: `vastra_lighthouse_${process.pid}_large`,
  };
  const reports = path.join(root, 'data', 'bench-lighthouse');
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const shops = {};
  let browser;
  try {
    console.log(
      `\nA phone's view at 54 and ${LARGE} products (PostgreSQL; Lighthouse mobile: 4× CPU, slow 4G):`,
    );
    const sizes = {};
    for (const size of ['small', 'large']) {
      const databaseUrl = await scratchDatabase(admin, adminUrl, names[size]);
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(root, 'data', `bench-lighthouse-${size}`),
        // Start-up warnings (no SMTP, the payments emulator) would come twice per start.
        LOG_LEVEL: 'error',
      };
      // The first start migrates and seeds the demo catalogue (54 products) and its pictures.
      const seeding = await startShop('build', env);
      await stopShop(seeding.child);
      if (size === 'large') {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        const growing = performance.now();
        await growCatalogue(db, LARGE, undefined, { reusePictures: true }).finally(() => db.end());
        console.log(
          `  grew the second catalogue to ${LARGE} products in ${((performance.now() - growing) / 1000).toFixed(0)} s, showing the seeded pictures in turn`,
        );
      }
      sizes[size] = { env, product: await seededProductPath(databaseUrl) };
    }
    for (const size of ['small', 'large']) shops[size] = await startShop('build', sizes[size].env);

    const routes = (size) => ({
      '/': '/',
      '/collection': '/collection',
      '/product/<slug>-<id>': sizes[size].product,
    });
    // Warm-up, not counted: each server's first answers (pages kept compressed, first queries).
    for (const size of ['small', 'large'])
      for (const route of Object.values(routes(size))) await fetch(shops[size].url + route);

    const cards = { small: [], large: [] };
    const runs = { small: {}, large: {} };
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const size of ['small', 'large'])
      await firstCard(browser, `${shops[size].url}/collection`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of ['small', 'large']) {
        for (let i = 0; i < CARD_LOADS; i++)
          cards[size].push(await firstCard(browser, `${shops[size].url}/collection`));
        for (const [label, route] of Object.entries(routes(size))) {
          const run = await lighthouseRun(shops[size].url + route);
          (runs[size][label] ??= []).push(run);
        }
      }
    }

    const cardFigures = {};
    for (const size of ['small', 'large'])
      cardFigures[size] = {
        painted: median(cards[size].map((c) => c.painted)),
        picture: median(cards[size].map((c) => c.picture)),
      };
    const label = { small: '54 products', large: `${LARGE} products` };
    console.log(
      `  first product card on /collection, median of ${ROUNDS * CARD_LOADS} loads (fresh cache each; all loads in brackets):`,
    );
    for (const size of ['small', 'large'])
      console.log(
        `    ${label[size].padEnd(17)} painted ${secs(cardFigures[size].painted)} (${cards[size].map((c) => secs(c.painted)).join(', ')})` +
          `   its picture ${secs(cardFigures[size].picture)}`,
      );
    const ratio = cardFigures.large.painted / cardFigures.small.painted;
    console.log(
      `    ratio ${LARGE} ÷ 54: ${ratio.toFixed(2)}× painted, ${(cardFigures.large.picture / cardFigures.small.picture).toFixed(2)}× picture` +
        ` (target: no more than 10 % apart): ${Math.abs(ratio - 1) <= TARGETS.firstCardRatio - 1 ? 'met' : 'NOT MET'}`,
    );

    console.log(
      `  Lighthouse mobile performance, median of ${ROUNDS} runs (score; LCP, TBT, CLS of the median-score run; all scores in brackets):`,
    );
    const medianRuns = { small: {}, large: {} };
    for (const route of Object.keys(routes('small'))) {
      for (const size of ['small', 'large']) {
        const all = runs[size][route];
        const byScore = [...all].sort((a, b) => a.score - b.score);
        const mid = byScore[Math.floor(byScore.length / 2)];
        medianRuns[size][route] = mid;
        const file = `${size === 'small' ? '54' : LARGE}-${route.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}.html`;
        fs.writeFileSync(path.join(reports, file), mid.html);
        console.log(
          `    ${route.padEnd(20)} ${label[size].padEnd(17)} ${String(mid.score).padStart(3)} (${all.map((r) => r.score).join(', ')})` +
            `   LCP ${secs(mid.lcp)}   TBT ${Math.round(mid.tbt)} ms   CLS ${mid.cls.toFixed(3)}` +
            `   ${mid.score >= TARGETS.score ? 'met' : `BELOW ${TARGETS.score}`}`,
        );
      }
    }
    const every = Object.values(runs).flatMap((byRoute) => Object.values(byRoute).flat());
    const range = (xs, unit) =>
      `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}${unit}`;
    console.log(
      `  this host's speed in those runs: Lighthouse's benchmarkIndex ${range(
        every.map((r) => r.benchmarkIndex),
        '',
      )}; main-thread work per load ${range(
        every.map((r) => r.mainThreadMs),
        ' ms',
      )} (the 4× slowdown included; a busy host raises it and lowers every score)`,
    );
    console.log(
      `  what costs the score (the median run's failed audits, estimated saving first; reports in data/bench-lighthouse/):`,
    );
    for (const route of Object.keys(routes('small')))
      for (const size of ['small', 'large'])
        printCosts(`${route} at ${label[size]}`, medianRuns[size][route].costs);
  } finally {
    await browser?.close();
    for (const shop of Object.values(shops)) await stopShop(shop.child);
    for (const name of Object.values(names))
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

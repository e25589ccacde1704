// What every browser journey shares: a page in a fresh context of the one Chromium started by
// global-setup, on the real server. After each test it fails the test on any console error, page
// error or request to another host (no CDN, no external script may ever load), then closes it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';

export const baseURL = inject('baseURL');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  // A common laptop width, where the accessibility checks run (docs/decisions/143).
  wide: { width: 1366, height: 768 },
  mobile: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface Session {
  page: Page;
  context: BrowserContext;
  /** Console errors a test expects (e.g. the 404 of an unknown product) can be allowed here. */
  allowConsoleError(pattern: RegExp): void;
  /** What the page reported so far (console errors, page errors, requests to another host). */
  readonly problems: readonly string[];
}

interface OpenSession extends Session {
  problems: string[];
  allowed: RegExp[];
}

let browser: Browser | undefined;
const sessions: OpenSession[] = [];

/** A random private address per context (10.0.0.0/8): unique across workers in practice. */
export function clientAddress(): string {
  const part = () => crypto.randomInt(256);
  return `10.${part()}.${part()}.${crypto.randomInt(1, 255)}`;
}

async function connect(): Promise<Browser> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  return browser;
}

export async function openPage(
  route = '/',
  {
    viewport = 'desktop' as ViewportName,
    storage,
    deviceScaleFactor = 1,
  }: {
    viewport?: ViewportName;
    storage?: Record<string, string>;
    /** Screen pixels per CSS pixel: what `srcset` picks a picture's width by. */
    deviceScaleFactor?: number;
  } = {},
): Promise<Session> {
  const context = await (
    await connect()
  ).newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor,
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    // A client address of its own (the server trusts the proxy header in tests), so the per-IP
    // rate limits of one journey never refuse another running in parallel.
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const session: OpenSession = {
    context,
    page: await context.newPage(),
    problems: [],
    allowed: [],
    allowConsoleError(pattern) {
      this.allowed.push(pattern);
    },
  };
  sessions.push(session);

  // Watched, not intercepted: Chromium itself resolves no other host name (support/chromium.ts), and
  // routing every request through this process would slow every page and turn off its cache.
  const origin = new URL(baseURL).origin;
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin)
      return;
    session.problems.push(`request to another host: ${url}`);
  });
  session.page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" names no address in its text; its location does.
    const { url } = message.location();
    session.problems.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  session.page.on('pageerror', (error) => session.problems.push(`page error: ${error.message}`));

  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  await session.page.goto(route);
  return session;
}

/**
 * What a failed journey's pages showed at the end, printed with the failure: the address, the
 * messages on screen (toasts, alerts, statuses) and a screenshot under test-results/failures/. A
 * failure on a loaded CI machine is often seen once; this is what explains it afterwards.
 */
async function describeFailure(name: string, open: readonly OpenSession[]): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../../../test-results/failures');
  fs.mkdirSync(dir, { recursive: true });
  for (const [index, { page }] of open.entries()) {
    if (page.isClosed()) continue;
    const shown = await page
      .locator('[role="alert"], [role="status"], .Toastify__toast')
      .evaluateAll((nodes) =>
        nodes.map((node) => (node as HTMLElement).innerText.trim()).filter(Boolean),
      )
      .catch((error: unknown) => [`(could not read the page: ${String(error)})`]);
    const file = path.join(dir, `${name.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(
      [
        `Page ${index} at ${page.url()} (screenshot: ${file})`,
        ...shown.map((t) => `  shows: ${t}`),
      ].join('\n'),
    );
  }
}

afterEach(async ({ task }) => {
  const open = sessions.splice(0);
  const problems = open.flatMap((s) =>
    s.problems.filter((problem) => !s.allowed.some((pattern) => pattern.test(problem))),
  );
  try {
    if (task.result?.state === 'fail' || problems.length) await describeFailure(task.name, open);
  } finally {
    await Promise.all(open.map((s) => s.context.close()));
  }
  if (problems.length) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
});

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

/** Saves a screenshot under test-results/screenshots/ for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

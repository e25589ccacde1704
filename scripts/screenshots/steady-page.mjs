// Pages that look the same in every run: a browser context with a fixed clock, time zone, locale
// and reduced motion; clips that never start playing; and, before each picture, a wait until the
// page has stopped changing (no request in flight, every lazy section and picture loaded, fonts
// ready, no message toast still on screen).
// The functions given to page.evaluate and addInitScript run in the browser:
/* global window, document, location, HTMLMediaElement, MutationObserver, NodeFilter, requestAnimationFrame */
import { nextClientAddress } from './shop-data.mjs';

export const WIDTHS = {
  1366: { width: 1366, height: 900 },
  360: { width: 360, height: 780 },
};

/** How long the page must be without a request in flight before it counts as loaded. */
const QUIET_MS = 400;

/**
 * A new context at `width` (a key of WIDTHS), logged in with `token` if given, its clock fixed at
 * `clock` (the same instant the server's clock starts at).
 */
export async function openContext(browser, { baseURL, width, token, clock }) {
  const mobile = width < 768;
  const context = await browser.newContext({
    baseURL,
    viewport: WIDTHS[width],
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
  });
  // Date.now() and new Date() answer this instant; timers still run (the footer's year, the
  // resend countdowns).
  await context.clock.setFixedTime(new Date(clock));
  // No request leaves this computer: anything that tries is a fault worth seeing, not waiting for.
  const origin = new URL(baseURL).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin)
      return route.continue();
    return route.abort();
  });
  await context.addInitScript((storedToken) => {
    if (storedToken) window.localStorage.setItem('token', storedToken);
    // A playing clip shows a different frame every time: clips stay on their first frame.
    HTMLMediaElement.prototype.play = function play() {
      return Promise.resolve();
    };
    // Counts changes to the page, so that "loaded" can mean "nothing changes any more" too.
    window.__screenshotChanges = 0;
    new MutationObserver(() => {
      window.__screenshotChanges += 1;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, token ?? null);
  return context;
}

/** Each page's wait for "nothing in flight, nothing changing" (see openPage). */
const quietOf = new WeakMap();

/**
 * A page of `context` that counts its requests in flight (clips excepted: see mediaReady) and
 * watches its document for changes.
 */
export async function openPage(context) {
  const page = await context.newPage();
  const inFlight = new Set();
  let lastChange = Date.now();
  const track = (request) => {
    if (request.resourceType() === 'media') return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const done = (request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', track);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  let changes = -1;
  quietOf.set(page, async (timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A request answered, then a busy moment before the page shows it: the page is not done
      // until its document has also stopped changing.
      const now = await page.evaluate(() => window.__screenshotChanges);
      if (now !== changes) {
        changes = now;
        lastChange = Date.now();
      }
      if (inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS) return;
      if (Date.now() > deadline)
        throw new Error(
          `Still changing after ${timeoutMs} ms; requests in flight: ${[...inFlight].map((r) => r.url()).join(', ') || 'none'}`,
        );
      await page.waitForTimeout(50);
    }
  });
  return page;
}

/** Resolves once `page` has had no request in flight and no change for QUIET_MS. */
function quiet(page) {
  return quietOf.get(page)();
}

/** Scrolls to the bottom a screen at a time, so lazy sections and lazy pictures load, then back. */
async function scrollThrough(page) {
  for (let step = 0; step < 60; step++) {
    const more = await page.evaluate(async () => {
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY >= bottom) return false;
      window.scrollTo(0, Math.min(bottom, window.scrollY + window.innerHeight));
      // Intersection observers (the lazy sections) look at the page only when a frame is made:
      // ask for two, rather than trust that one comes on its own.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return true;
    });
    if (!more) break;
    await quiet(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await quiet(page);
}

/** Waits for fonts, every picture, and the first frame of every clip that may load one. */
async function mediaReady(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = [...document.images];
    for (const img of images) {
      // A lazy picture the scrolling passed quickly may not have started; a full-page picture
      // also paints what is beyond the window, and does not wait for pictures decoded
      // asynchronously: some would come out blank.
      img.loading = 'eager';
      img.decoding = 'sync';
    }
    await Promise.all(
      images.map(
        (img) =>
          img.complete ||
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
            setTimeout(resolve, 10_000);
          }),
      ),
    );
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    const clips = [...document.querySelectorAll('video')].filter((v) => v.preload !== 'none');
    await Promise.all(
      clips.map(
        (clip) =>
          new Promise((resolve) => {
            const ready = () => clip.readyState >= 2 || clip.error !== null;
            if (ready()) return resolve();
            const check = () => ready() && resolve();
            clip.addEventListener('loadeddata', check);
            clip.addEventListener('error', () => resolve());
            setTimeout(resolve, 10_000);
          }),
      ),
    );
  });
}

/** Message toasts close on their own after a few seconds: wait until none is on screen. */
async function toastsGone(page) {
  await page
    .locator('.Toastify__toast, #vastra-notices > *')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

/** Puts `to` wherever the page shows `from` (text and form values), for values that differ run to run. */
async function replaceText(page, standIns) {
  if (standIns.length === 0) return;
  await page.evaluate((pairs) => {
    const swap = (text) => pairs.reduce((t, [from, to]) => t.split(from).join(to), text);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const swapped = swap(node.nodeValue);
      if (swapped !== node.nodeValue) node.nodeValue = swapped;
    }
    for (const field of document.querySelectorAll('input, textarea')) {
      const swapped = swap(field.value);
      if (swapped !== field.value) field.value = swapped;
    }
  }, standIns);
}

/**
 * Waits until the page has stopped changing. `scroll` visits the whole page first (not with an
 * open menu, which locks scrolling). `standIns` are [from, to] text replacements.
 */
export async function settle(page, { scroll = true, standIns = [] } = {}) {
  await quiet(page);
  if (scroll) {
    // A page can still change under the first visit (a redirect, a late section): visit again
    // until a visit leaves the address and the height as they were.
    const shape = () => page.evaluate(() => `${location.href} ${document.body.scrollHeight}`);
    for (let visit = 0, before = await shape(); visit < 5; visit++) {
      await scrollThrough(page);
      const after = await shape();
      if (after === before) break;
      before = after;
    }
  }
  await mediaReady(page);
  await toastsGone(page);
  await quiet(page);
  await replaceText(page, standIns);
  // Two frames, so that whatever the last change caused has been painted.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
}

/** The full-page picture (of the window only if `windowOnly`), animations stopped, no caret. */
export async function shoot(page, file, { windowOnly = false } = {}) {
  await page.screenshot({
    path: file,
    fullPage: !windowOnly,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
}

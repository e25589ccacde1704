// `node scripts/screenshots/capture.mjs --out DIR` (or `npm run screenshots -- --out DIR`):
// a full-page picture of every route and state of shots.mjs, at 1366 and 360 px wide, named
// `<state>-<route-slug>-<width>.png`, from the real shop on a fresh database. Two runs of the same
// code give the same pixels, so compare.mjs shows what a change changed. See README.md here.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildStorefrontIfNeeded } from '../build-if-needed.mjs';
import { ensureChromium } from '../ensure-chromium.mjs';
import { startShop } from './shop-server.mjs';
import { catalogue, fillCart, login, placeCodOrder, registerShopper } from './shop-data.mjs';
import { STATES } from './shots.mjs';
import { openContext, openPage, settle, shoot, WIDTHS } from './steady-page.mjs';

/** The instant both clocks (server and browser) start at: a Monday, 10:00 in India. */
const CLOCK = '2026-03-16T04:30:00.000Z';

/** The order's id is new every run: the screens show this one instead (settle's stand-ins). */
const ORDER_ID_STAND_IN = 'a1b2c3d4-0000-4000-8000-000000000001';

const { values } = parseArgs({
  options: { out: { type: 'string' }, only: { type: 'string', multiple: true } },
});
const known = STATES.map((s) => s.state);
if (!values.out || (values.only ?? []).some((state) => !known.includes(state))) {
  console.error(
    `Usage: node scripts/screenshots/capture.mjs --out DIR [--only STATE …] (states: ${known.join(', ')})`,
  );
  process.exit(2);
}
/** The states photographed: all, or those named with --only (the order is placed either way). */
const wanted = new Set(values.only ?? known);
const outDir = path.resolve(values.out);
fs.mkdirSync(outDir, { recursive: true });

const started = Date.now();
buildStorefrontIfNeeded();
ensureChromium();
const shop = await startShop({ clock: CLOCK });
let count = 0;
try {
  const browser = await chromium.connect(shop.wsEndpoint);
  const [product, second] = await catalogue(shop.baseURL);
  const data = { product, orderId: null };
  const tokens = {
    shopper: await registerShopper(shop),
    admin: await login(shop.baseURL, shop.admin),
  };
  // "Two items in the cart": the two newest products, one each, in their first size.
  await fillCart(shop.baseURL, tokens.shopper, [
    { itemId: product._id, size: product.sizes[0], quantity: 1 },
    { itemId: second._id, size: second.sizes[0], quantity: 1 },
  ]);
  let standIns = [];

  for (const { state, session, shots } of STATES) {
    if (state === 'ordered') {
      data.orderId = await placeCodOrder(shop.baseURL, tokens.shopper);
      const reference = (id) => id.split('-')[0].toUpperCase();
      standIns = [
        [data.orderId, ORDER_ID_STAND_IN],
        [reference(data.orderId), reference(ORDER_ID_STAND_IN)],
      ];
    }
    if (!wanted.has(state)) continue;
    for (const shot of shots) {
      for (const width of shot.widths ?? Object.keys(WIDTHS).map(Number)) {
        const file = path.join(outDir, `${state}-${shot.slug}-${width}.png`);
        const context = await openContext(browser, {
          baseURL: shop.baseURL,
          width,
          token: session ? tokens[session] : null,
          clock: CLOCK,
        });
        const shotStarted = Date.now();
        try {
          const page = await openPage(context);
          const route = typeof shot.path === 'function' ? shot.path(data) : shot.path;
          await page.goto(route);
          await settle(page, { standIns });
          if (shot.open) {
            await shot.open(page, width);
            await settle(page, { scroll: false, standIns });
          }
          await shoot(page, file, { windowOnly: shot.windowOnly });
          count += 1;
          console.log(`  ${path.basename(file)} (${Date.now() - shotStarted} ms)`);
        } catch (error) {
          throw new Error(`${path.basename(file)}: ${error.message}`, { cause: error });
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  // Closes the browser too.
  await shop.close();
}
console.log(`${count} pictures in ${outDir}, ${((Date.now() - started) / 1000).toFixed(0)} s.`);

// The shop owner's screens through axe-core with every rule on, at 1366 and 360 px: zero
// violations (docs/decisions/143-accessibility-checks.md). In the e2e-admin project, as it opens
// /admin. Every state a screen can show is made first, so the check does not depend on which
// journeys ran before it: an order to look at, a cancelled order whose stock was given back,
// an inactive hidden coupon and a hidden review. To add a screen, add a row to SCREENS.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addProduct, adminCall, adminPage, deliverOrder } from './support/admin';
import { axeViolations, motionSettled } from './support/axe';
import { baseURL, clientAddress } from './support/browser';
import { placeCodOrder } from './support/orders';
import { loggedInShopper } from './support/shopper';

/** A POST or PUT of the shopper's own API; throws on a refusal. */
async function shopperCall(token: string, method: 'POST' | 'PUT', path: string, body: unknown) {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: { token, 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

let orderId: string;
beforeAll(async () => {
  // A product of its own, so the review and the orders below change no other journey's numbers.
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const product = await addProduct(`Axe Shirt ${tag}`, { M: 5, L: 5 });
  const shopper = await loggedInShopper({ name: 'Axe Checker' });
  orderId = await placeCodOrder(shopper.token, [{ itemId: product._id, size: 'M', quantity: 1 }]);
  await deliverOrder(orderId);
  await shopperCall(shopper.token, 'PUT', `/api/reviews/${product._id}/mine`, {
    rating: 4,
    body: 'Checked for contrast while hidden.',
  });
  const { reviews } = await adminCall<{ reviews: { _id: string; productId: string }[] }>(
    '/api/admin/reviews',
  );
  const review = reviews.find((r) => r.productId === product._id)!;
  await adminCall(`/api/admin/reviews/${review._id}/hide`, { reason: 'Checked while hidden' });
  // Newest first on /admin/orders: a cancelled cash-on-delivery order, whose units went back.
  const cancelled = await placeCodOrder(shopper.token, [
    { itemId: product._id, size: 'L', quantity: 1 },
  ]);
  await shopperCall(shopper.token, 'POST', '/api/order/cancel', {
    orderId: cancelled,
    reason: 'Ordered by mistake',
  });
  await adminCall('/api/admin/coupons', {
    code: `AXE${tag}`,
    kind: 'percent',
    percent: 5,
    hidden: true,
    active: false,
  });
});

/**
 * The screen's heading is shown and nothing on it is still loading: no skeleton or spinner, and no
 * table still busy reading again (it is dimmed meanwhile, which would be measured as low contrast).
 */
async function h1(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        'main [role="status"][aria-label^="Loading"], main .animate-pulse, main [aria-busy="true"]',
      ),
  );
}

const SCREENS: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'overview',
    path: () => '/admin',
    ready: (page) => page.getByTestId('overview-waiting').waitFor(),
  },
  {
    name: 'products',
    path: () => '/admin/products',
    ready: h1,
  },
  { name: 'add product', path: () => '/admin/products/new', ready: h1 },
  {
    name: 'orders',
    path: () => '/admin/orders',
    ready: h1,
  },
  {
    name: 'an order',
    path: () => `/admin/orders/${orderId}`,
    ready: h1,
  },
  { name: 'stock', path: () => '/admin/stock', ready: h1 },
  { name: 'returns', path: () => '/admin/returns', ready: h1 },
  { name: 'refunds', path: () => '/admin/refunds', ready: h1 },
  { name: 'tax', path: () => '/admin/tax', ready: h1 },
  { name: 'delivery', path: () => '/admin/delivery', ready: h1 },
  {
    name: 'coupons',
    path: () => '/admin/coupons',
    ready: h1,
  },
  {
    name: 'home page hero',
    path: () => '/admin/home',
    ready: (page) => page.getByTestId('hero-preview').waitFor(),
  },
  { name: 'videos', path: () => '/admin/videos', ready: h1 },
  {
    name: 'reviews',
    path: () => '/admin/reviews',
    // The seed's demo reviews are listed.
    ready: (page) => page.getByTestId('admin-review').first().waitFor(),
  },
];

describe.each(['wide', 'mobile'] as const)('admin axe at %s', (viewport) => {
  it('every admin screen has no violations', async () => {
    const { page } = await adminPage(viewport);
    const found: string[] = [];
    for (const screen of SCREENS) {
      // In-app navigation, as the owner moves between tabs (a reload would log nothing new).
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path());
      await screen.ready(page);
      await motionSettled(page);
      found.push(...(await axeViolations(page, `/admin ${screen.name} (${viewport})`)));
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);
});

// A 360 × 740 phone on the built storefront and the real server (docs/decisions/138-phone-ergonomics.md):
// the bars at the bottom of the product page, the cart and the checkout do what the pages' own
// buttons do, the collection's filters open as a sheet, and the floating help button covers nothing.
import { DELIVERY_FEE } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap, type Session } from './support/browser';
import { catalogue, expectedCollection } from './support/catalogue';
import { shownProducts } from './support/collection-page';
import { HELP_BUTTON, helpButtonCovers, scrollToBottom } from './support/help-button';
import { DELIVERY_ADDRESS, placeCodOrder, userOrders } from './support/orders';
import { loggedInShopper, serverCart, setServerLine, type Shopper } from './support/shopper';

let products: Product[];
let product: Product;
let other: Product;
beforeAll(async () => {
  products = await catalogue();
  // Products the stock journeys leave alone (they take the newest): three sizes with stock.
  const stocked = products.filter(
    (p) => p.sizes.length >= 3 && p.sizes.every((s) => (p.stock[s] ?? 0) >= 3),
  );
  product = stocked.at(-1)!;
  other = stocked.at(-2)!;
  if (!product || !other) throw new Error('The seed has too few products with stock in 3 sizes.');
});

const phone = (route: string, storage?: Record<string, string>) =>
  openPage(route, { viewport: 'mobile', storage });

async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** The top of `box` is at or below the bottom of `above` (to the pixel's rounding). */
function below(box: { y: number }, above: { y: number; height: number }) {
  expect(box.y).toBeGreaterThanOrEqual(above.y + above.height - 0.5);
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The end of the page: the last line of the footer is above the bar, the help button too. */
async function endClearsBar(page: Page, bar: Locator) {
  await scrollToBottom(page);
  await bar.waitFor();
  const barBox = await box(bar);
  const last = page.getByRole('contentinfo').getByText(/All rights reserved/);
  below(barBox, await box(last));
  below(barBox, await box(page.getByRole('link', { name: HELP_BUTTON })));
  expect((await helpButtonCovers(page)).hits).toEqual([]);
}

describe('a 360 px phone: the bar at the bottom of the product page', () => {
  it('picks a size and adds it to the cart, as the page does, while the page’s button is out of view', async () => {
    const shopper = await loggedInShopper();
    const { page } = await phone(`/product/${product._id}`, shopper.storage);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const bar = page.getByTestId('product-buy-bar');
    const own = page.getByRole('main').getByRole('button', { name: 'ADD TO CART' });
    // Below the gallery the page's own button starts out of view: the bar offers it.
    await bar.waitFor();
    expect(await bar.getByTestId('bar-price').innerText()).toBe(formatPrice(product.price));
    await own.scrollIntoViewIfNeeded();
    await bar.waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor();
    await snap(page, 'phone-product-bar');

    // Without a size: the page's rule, and nothing is sent.
    await bar.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Select Product Size');
    expect(await serverCart(shopper.token)).toEqual({});

    const size = product.sizes[1]!;
    await bar.getByLabel('Size').selectOption(size);
    // One size for the page and the bar.
    const chip = page.getByRole('main').getByRole('button', { name: size, exact: true });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await bar.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Product added to the Cart');
    expect(await serverCart(shopper.token)).toEqual({ [product._id]: { [size]: 1 } });
    await endClearsBar(page, bar);
  });

  it('sends a visitor to log in, as the page’s button does', async () => {
    const { page } = await phone(`/product/${product._id}`);
    const bar = page.getByTestId('product-buy-bar');
    await bar.getByLabel('Size').selectOption(product.sizes[0]!);
    await bar.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Please login to add items to cart');
    await page.waitForURL('**/login');
  });
});

describe('a 360 px phone: the bars of the cart and the checkout', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await loggedInShopper();
  });

  it('the cart’s bar shows the total and PROCEED TO CHECKOUT goes to the checkout', async () => {
    await setServerLine(shopper.token, product._id, product.sizes[0]!, 2);
    await setServerLine(shopper.token, other._id, other.sizes[0]!, 1);
    const { page } = await phone('/cart', shopper.storage);
    await page.getByTestId('cart-line').nth(1).waitFor();
    const bar = page.getByTestId('cart-checkout-bar');
    await bar.waitFor();
    const total = formatPrice(product.price * 2 + other.price + DELIVERY_FEE);
    expect(await bar.getByTestId('bar-total').innerText()).toBe(total);
    expect(await page.getByTestId('cart-total').innerText()).toBe(total);
    await snap(page, 'phone-cart-bar');
    await endClearsBar(page, bar);
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL('**/place-order');
  });

  it('the checkout’s bar places a cash-on-delivery order, pending as the page’s button is', async () => {
    await setServerLine(shopper.token, product._id, product.sizes[0]!, 1);
    await setServerLine(shopper.token, other._id, other.sizes[0]!, 0);
    const { page } = await phone('/place-order', shopper.storage);
    await page.getByTestId('summary-line').first().waitFor();
    const form = page.locator('#checkout-form');
    await form.getByLabel('First name').fill(DELIVERY_ADDRESS.firstName);
    await form.getByLabel('Last name').fill(DELIVERY_ADDRESS.lastName);
    await form.getByLabel('Street address').fill(DELIVERY_ADDRESS.street);
    await form.getByLabel('City').fill(DELIVERY_ADDRESS.city);
    await form.getByLabel(/^State/).selectOption(DELIVERY_ADDRESS.state);
    await form.getByLabel('PIN code').fill(DELIVERY_ADDRESS.zipcode);
    await form.getByLabel('Mobile number').fill(DELIVERY_ADDRESS.phone);
    await page.getByLabel(/Terms of Service/).check();
    await page.getByLabel(/Privacy Policy/).check();
    await page.getByLabel(/Cash on delivery/).check();
    await page.evaluate(() => window.scrollTo(0, 0));

    const bar = page.getByTestId('place-order-bar');
    await bar.waitFor();
    const total = formatPrice(product.price + DELIVERY_FEE);
    expect(await bar.getByTestId('bar-total').innerText()).toBe(total);
    expect(await page.getByTestId('summary-total').innerText()).toBe(total);
    await snap(page, 'phone-checkout-bar');
    // Hold the real request until the bar's pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/order/place', async (route) => {
      await held;
      await route.continue();
    });
    await bar.getByRole('button', { name: 'PLACE ORDER' }).click();
    const pending = bar.getByRole('button', { name: 'PLACING ORDER…' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(
      await page.getByRole('main').getByRole('button', { name: 'PLACING ORDER…' }).isDisabled(),
    ).toBe(true);
    release();

    await page.waitForURL(/\/orders\/[^/?]+\?placed=1$/);
    const orders = await userOrders(shopper.token);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      paymentMethod: 'cod',
      amount: product.price + DELIVERY_FEE,
    });
    expect(await serverCart(shopper.token)).toEqual({});
  });
});

describe('a 360 px phone: the collection’s filter sheet', () => {
  it('shows "Show N products" for the chosen filters, applies them, and closes as a dialog does', async () => {
    const { page } = await phone('/collection');
    await shownProducts(page, products.length);
    const toggle = page.getByRole('button', { name: /FILTERS/ });
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await toggle.click();
    await sheet.waitFor();
    // Focus moves in; the page behind does not scroll.
    expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await sheet.getByLabel(/^Shirts \(\d+\)$/).check();
    const shirts = expectedCollection(products, { categories: ['SHIRTS'] });
    await sheet.getByRole('button', { name: `Show ${shirts.length} products` }).waitFor();
    const brand = shirts[0]!.subCategory;
    await sheet.getByRole('group', { name: 'Brands' }).locator(`input[value="${brand}"]`).check();
    const chosen = expectedCollection(products, { categories: ['SHIRTS'], brands: [brand] });
    expect(chosen.length).toBeLessThan(shirts.length);
    const show = sheet.getByRole('button', {
      name: `Show ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'}`,
      exact: true,
    });
    await show.waitFor();
    await snap(page, 'phone-filter-sheet');
    // A draft until applied: the grid behind still shows everything.
    expect(await page.getByTestId('product-count').innerText()).toBe(`${products.length} products`);

    // Escape closes it without applying; focus goes back to FILTERS.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await shownProducts(page, products.length);

    // The close button closes it too.
    await toggle.click();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    // Choose again and apply: the grid, the count and the address follow.
    await toggle.click();
    await sheet.getByLabel(/^Shirts \(\d+\)$/).check();
    await sheet.getByRole('group', { name: 'Brands' }).locator(`input[value="${brand}"]`).check();
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((node) => node === document.activeElement)).toBe(true);
    expect((await shownProducts(page, chosen.length)).names).toEqual(chosen.map((p) => p.name));
    expect(new URL(page.url()).searchParams.get('category')).toBe('SHIRTS');
    expect(await toggle.innerText()).toContain('2');
  });
});

describe('a 360 px phone: the help button covers nothing', () => {
  /** Every storefront route; the shopper's with a filled cart, an order and a saved product. */
  const GUEST_ROUTES = [
    '/',
    '/collection',
    'product',
    '/login',
    '/register',
    '/forgot-password',
    '/about',
    '/contact',
    '/refund-policy',
    '/privacy-policy',
    '/terms-of-service',
    '/shipping-policy',
    '/no-such-page',
  ];
  const SHOPPER_ROUTES = [
    '/cart',
    '/place-order',
    '/orders',
    'order',
    '/profile',
    '/wishlist',
    '/update-password',
  ];

  async function check(session: Session, route: string) {
    const { page } = session;
    await page.waitForLoadState('networkidle');
    const top = await helpButtonCovers(page);
    await scrollToBottom(page);
    const bottom = await helpButtonCovers(page);
    expect({ route, top: top.hits, bottom: bottom.hits }).toEqual({ route, top: [], bottom: [] });
    // At the page's end it is there (it exists on every page but the one it leads to).
    expect({ route, shown: bottom.shown }).toEqual({ route, shown: route !== '/contact' });
  }

  it('on every page a visitor sees, scrolled to the top and to the bottom', async () => {
    for (const route of GUEST_ROUTES) {
      const path = route === 'product' ? `/product/${product._id}` : route;
      const session = await phone(path);
      await check(session, path);
      await session.context.close();
    }
  }, 120_000);

  it('on every page of a shopper’s, scrolled to the top and to the bottom', async () => {
    const shopper = await loggedInShopper();
    const orderId = await placeCodOrder(shopper.token, [
      { itemId: other._id, size: other.sizes[0]!, quantity: 1 },
    ]);
    await setServerLine(shopper.token, product._id, product.sizes[0]!, 1);
    await setServerLine(shopper.token, other._id, other.sizes[1]!, 2);
    for (const route of SHOPPER_ROUTES) {
      const path = route === 'order' ? `/orders/${orderId}` : route;
      const session = await phone(path, shopper.storage);
      await check(session, path);
      await session.context.close();
    }
  }, 120_000);

  it('steps aside while a form field has focus', async () => {
    const { page } = await phone('/login');
    await page.getByRole('heading', { name: /login/i }).first().waitFor();
    await scrollToBottom(page);
    expect((await helpButtonCovers(page)).shown).toBe(true);
    // Focused without scrolling, so only the focus changes.
    await page
      .getByLabel(/email/i)
      .first()
      .evaluate((node: HTMLElement) => {
        node.focus({ preventScroll: true });
      });
    expect((await helpButtonCovers(page)).shown).toBe(false);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect((await helpButtonCovers(page)).shown).toBe(true);
  });
});

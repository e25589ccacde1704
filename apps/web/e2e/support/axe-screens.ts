// Every shop screen, in every state a shopper reaches (menus, the filter sheet, dialogs, the payment
// window open), logged out and in, at 1366 and 360 px, run through axe-core with every rule on:
// zero violations of any impact (docs/decisions/143-accessibility-checks.md). To add a screen, add
// a row to SCREENS. One spec file per width (axe-wide.spec.ts, axe-mobile.spec.ts), so the two
// halves run side by side instead of one file being the browser suite's last few minutes.
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, motionSettled } from './axe';
import { openPage, type ViewportName } from './browser';
import { catalogue } from './catalogue';
import { placeCodOrder } from './orders';
import { loggedInShopper, setServerLine, type Shopper } from './shopper';

type Viewport = Extract<ViewportName, 'wide' | 'mobile'>;

interface Screen {
  name: string;
  route: () => string;
  /** Logged in as `shopper` (orders, an order), `buyer` (lines in the cart), a new account, or nobody. */
  as?: 'shopper' | 'buyer' | 'new';
  /** Brings the page to the state to check; waits for it to be shown. */
  ready: (page: Page, viewport: Viewport) => Promise<void>;
  /** Only at this width (a control that exists at one width only). */
  only?: Viewport;
}

let product: Product;
let shopper: Shopper;
let buyer: Shopper;
let orderId: string;

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).first().waitFor();

/** Scrolls to the end and back so the home page's lazily loaded sections are all on the page. */
async function loadHomeSections(page: Page) {
  for (const name of ['videos', 'reviews', 'faq', 'why']) {
    await page.getByTestId(`lazy-${name}`).scrollIntoViewIfNeeded();
  }
  await page.getByTestId('review').first().waitFor();
  await page.getByRole('button', { name: /Pause reviews|Play reviews/ }).waitFor();
  await page.getByRole('button', { name: /Pause videos|Play videos/ }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
}

async function checkoutReady(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await setServerLine(token!, product._id, product.sizes[0]!, 1);
  await page.goto('/place-order');
  await page.locator('#checkout-form').getByLabel('First name').waitFor();
}

const SCREENS: Screen[] = [
  { name: 'home', route: () => '/', ready: loadHomeSections },
  { name: 'home, logged in', route: () => '/', as: 'shopper', ready: loadHomeSections },
  {
    name: 'collection',
    route: () => '/collection',
    ready: (page) => page.getByTestId('product-card').first().waitFor(),
  },
  {
    name: 'collection, filter sheet open',
    route: () => '/collection',
    only: 'mobile',
    ready: async (page) => {
      await page.getByTestId('product-card').first().waitFor();
      await page.getByRole('button', { name: 'FILTERS' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'product',
    route: () => `/product/${product._id}`,
    ready: (page) => heading(page, product.name),
  },
  {
    name: 'product, logged in',
    route: () => `/product/${product._id}`,
    as: 'shopper',
    ready: (page) => heading(page, product.name),
  },
  { name: 'cart, empty', route: () => '/cart', as: 'shopper', ready: (page) => heading(page, /./) },
  {
    name: 'cart with lines',
    route: () => '/cart',
    as: 'buyer',
    ready: async (page) => {
      await setServerLine(buyer.token, product._id, product.sizes[0]!, 1);
      await page.reload();
      await page.getByRole('main').getByText(product.name).first().waitFor();
    },
  },
  { name: 'cart, logged out', route: () => '/cart', ready: (page) => heading(page, /./) },
  { name: 'login', route: () => '/login', ready: (page) => page.getByLabel('Password').waitFor() },
  {
    name: 'register',
    route: () => '/register',
    ready: (page) => page.getByRole('button', { name: 'SEND OTP' }).waitFor(),
  },
  {
    name: 'register, OTP step',
    route: () => '/register',
    ready: async (page) => {
      await page.getByLabel('Email').fill(`axe.${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'SEND OTP' }).click();
      await page.getByLabel('OTP').waitFor();
    },
  },
  {
    name: 'forgot password',
    route: () => '/forgot-password',
    ready: (page) => page.getByRole('button', { name: 'SEND OTP' }).waitFor(),
  },
  {
    name: 'checkout',
    route: () => '/',
    as: 'new',
    ready: checkoutReady,
  },
  {
    name: 'checkout, payment window open',
    route: () => '/',
    as: 'new',
    ready: async (page) => {
      await checkoutReady(page);
      const form = page.locator('#checkout-form');
      await form.getByLabel('First name').fill('Asha');
      await form.getByLabel('Last name').fill('Rao');
      await form.getByLabel('Street address').fill('12 MG Road');
      await form.getByLabel('City').fill('Bengaluru');
      await form.getByLabel(/^State/).selectOption('Karnataka');
      await form.getByLabel('PIN code').fill('560001');
      await form.getByLabel('Mobile number').fill('9876543210');
      await page.getByLabel(/Terms of Service/).check();
      await page.getByLabel(/Privacy Policy/).check();
      await page.getByRole('main').getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.getByRole('dialog', { name: 'Vastra' }).getByLabel('UPI ID').waitFor();
    },
  },
  {
    name: 'orders',
    route: () => '/orders',
    as: 'shopper',
    ready: (page) => page.getByRole('main').getByRole('link').first().waitFor(),
  },
  {
    name: 'order, cancel dialog open',
    route: () => `/orders/${orderId}`,
    as: 'shopper',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: /^Cancel order/ }).waitFor();
    },
  },
  {
    name: 'order',
    route: () => `/orders/${orderId}`,
    as: 'shopper',
    ready: (page) => page.getByRole('button', { name: 'Cancel order' }).waitFor(),
  },
  {
    name: 'profile',
    route: () => '/profile',
    as: 'shopper',
    ready: (page) => page.getByRole('main').getByLabel('Name', { exact: true }).first().waitFor(),
  },
  {
    name: 'wishlist',
    route: () => '/wishlist',
    as: 'shopper',
    ready: (page) => heading(page, /./),
  },
  { name: 'about', route: () => '/about', ready: (page) => heading(page, /./) },
  { name: 'contact', route: () => '/contact', ready: (page) => heading(page, /./) },
  ...['refund-policy', 'privacy-policy', 'terms-of-service', 'shipping-policy'].map(
    (path): Screen => ({
      name: path,
      route: () => `/${path}`,
      ready: (page) => heading(page, /./),
    }),
  ),
  { name: 'not found', route: () => '/no-such-page', ready: (page) => heading(page, /./) },
  {
    name: 'mobile menu open',
    route: () => '/',
    only: 'mobile',
    ready: openMobileMenu,
  },
  {
    name: 'mobile menu open, logged in',
    route: () => '/',
    as: 'shopper',
    only: 'mobile',
    ready: openMobileMenu,
  },
  {
    name: 'account menu open',
    route: () => '/',
    as: 'shopper',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu', { name: 'Account' }).waitFor();
    },
  },
];

/** The screens at one width, with the shoppers and the order they need. */
export function describeAxeAt(viewport: Viewport): void {
  beforeAll(async () => {
    product = (await catalogue())[0]!;
    [shopper, buyer] = await Promise.all([loggedInShopper(), loggedInShopper()]);
    orderId = await placeCodOrder(shopper.token, [
      { itemId: product._id, size: product.sizes[0]!, quantity: 1 },
    ]);
  });

  describe(`axe at ${viewport}`, () => {
    it.each(SCREENS.filter((s) => !s.only || s.only === viewport).map((s) => [s.name, s] as const))(
      '%s: no violations',
      async (name, screen) => {
        const who =
          screen.as === 'shopper'
            ? shopper
            : screen.as === 'buyer'
              ? buyer
              : screen.as === 'new'
                ? await loggedInShopper()
                : undefined;
        const { page } = await openPage(screen.route(), { viewport, storage: who?.storage });
        await screen.ready(page, viewport);
        await motionSettled(page);
        const found = await axeViolations(page, `${name} (${viewport})`);
        expect(found, found.join('\n')).toEqual([]);
      },
    );
  });
}

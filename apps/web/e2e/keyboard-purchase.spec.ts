// A purchase with the keyboard alone (docs/decisions/143-accessibility-checks.md): from the home
// page, log in, reach a product, choose a size, add it, open the cart, check out with cash on
// delivery and land on the order — only Tab / Shift+Tab / Enter / Space / arrows and typing into
// the focused field, no clicks, no fill. At every Tab stop the focused element must be on screen
// and drawn with an outline or a box-shadow of at least 2 px.
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from './support/accounts';
import { openPage } from './support/browser';
import { catalogue } from './support/catalogue';
import { DELIVERY_ADDRESS } from './support/orders';

let product: Product;
let account: Account;
beforeAll(async () => {
  // The newest product: the home page's latest collection shows it.
  product = (await catalogue())[0]!;
  account = await createAccount();
});

interface Focused {
  /** The focused element's role and name as the accessibility tree has them (`link "Cart"`). */
  label: string;
  shown: boolean;
  outline: number;
  shadow: number;
}

/** What is focused, and how its focus is drawn. */
async function focused(page: Page): Promise<Focused> {
  const element = page.locator('*:focus');
  const snapshot = (await element.ariaSnapshot({ timeout: 2000 }).catch(() => '')) || '';
  const label =
    snapshot.split('\n')[0] ||
    (await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing'));
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { shown: false, outline: 0, shadow: 0 };
    const rect = el.getBoundingClientRect();
    const css = getComputedStyle(el);
    const shown =
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth;
    const outline = css.outlineStyle === 'none' ? 0 : parseFloat(css.outlineWidth);
    // The largest spread of any box-shadow ("rgb(…) 0px 0px 0px 2px"): the 4th length.
    const shadow = Math.max(
      0,
      ...[...css.boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px/g)].map(
        (m) => parseFloat(m[4]!),
      ),
    );
    return { shown, outline, shadow };
  });
  return { label, ...style };
}

function expectFocusShown(stop: Focused, step: string) {
  expect(stop.shown, `${step}: ${stop.label} is focused but not on screen`).toBe(true);
  expect(
    Math.max(stop.outline, stop.shadow),
    `${step}: ${stop.label} has no focus indicator of 2 px (outline ${stop.outline}, shadow ${stop.shadow})`,
  ).toBeGreaterThanOrEqual(2);
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's role and name match `target`,
 * checking the focus indicator at every stop; fails after `limit` presses.
 */
async function tabTo(page: Page, target: RegExp, { back = false, limit = 150 } = {}) {
  let last = '';
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Past the last control Tab leaves the page (the browser's own UI): the next press wraps round.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    const stop = await focused(page);
    last = stop.label;
    expectFocusShown(stop, `Tab ${i} towards ${target}`);
    if (target.test(stop.label)) return;
  }
  throw new Error(`${target} was not reached in ${limit} presses; the last stop was ${last}`);
}

/** Types into the field Tab reaches next by its name. */
async function typeInto(page: Page, field: RegExp, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('buying with the keyboard alone', () => {
  it('logs in, adds a size to the cart, checks out with cash on delivery and lands on the order', async () => {
    const { page } = await openPage('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByTestId('product-card').first().waitFor();

    // Log in from the header's account link.
    await tabTo(page, /link "Account: log in"/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Password').waitFor();
    await typeInto(page, /textbox "Email"/, account.email);
    await typeInto(page, /textbox "Password"/, account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    // The account menu opens with Enter and closes with Escape, focus back on its button.
    await tabTo(page, /button "Account menu"/);
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Account' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Account' }).waitFor({ state: 'detached' });
    expect((await focused(page)).label).toMatch(/button "Account menu"/);

    // The product, from the home page's latest collection.
    await tabTo(page, new RegExp(`link "[^"]*${escape(product.name)}`));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // A size, with Space, then ADD TO CART with Enter.
    const size = product.sizes[0]!;
    await tabTo(page, new RegExp(`button "${escape(size)}"`));
    await page.keyboard.press('Space');
    expect(await page.locator('*:focus').getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, /button "ADD TO CART"/);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    // Back up to the header's cart link.
    await tabTo(page, /link "Cart, 1 item"/, { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/cart');
    // Tab only once the lines are on the page: the loading state's focusables go away.
    await page.getByRole('main').getByRole('button', { name: 'PROCEED TO CHECKOUT' }).waitFor();
    await tabTo(page, /button "PROCEED TO CHECKOUT"/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/place-order');
    await page.locator('#checkout-form').getByLabel('First name').waitFor();

    // The delivery form, field by field (the e-mail is the account's, filled in already).
    await typeInto(page, /textbox "First name"/, DELIVERY_ADDRESS.firstName);
    await typeInto(page, /textbox "Last name"/, DELIVERY_ADDRESS.lastName);
    await typeInto(page, /textbox "Street address"/, DELIVERY_ADDRESS.street);
    await typeInto(page, /textbox "City"/, DELIVERY_ADDRESS.city);
    // A closed select takes typed letters as a choice.
    await typeInto(page, /combobox "State/, DELIVERY_ADDRESS.state);
    expect(await page.locator('*:focus').inputValue()).toBe(DELIVERY_ADDRESS.state);
    await typeInto(page, /textbox "PIN code"/, DELIVERY_ADDRESS.zipcode);
    await typeInto(page, /textbox "Mobile number"/, DELIVERY_ADDRESS.phone);

    // Cash on delivery: arrows move within the radio group.
    await tabTo(page, /radio "(Pay online|Razorpay|Cash on delivery)/);
    for (let i = 0; i < 3 && !/Cash on delivery/.test((await focused(page)).label); i++) {
      await page.keyboard.press('ArrowDown');
    }
    const cod = await focused(page);
    expect(cod.label).toMatch(/radio "Cash on delivery/);
    expectFocusShown(cod, 'cash on delivery');
    expect(await page.locator('*:focus').isChecked()).toBe(true);

    // The two agreements, ticked with Space.
    await tabTo(page, /checkbox "[^"]*Terms of Service/);
    await page.keyboard.press('Space');
    await tabTo(page, /checkbox "[^"]*Privacy Policy/);
    await page.keyboard.press('Space');

    await tabTo(page, /button "PLACE ORDER"/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname), { timeout: 20_000 });
    await page.getByText(product.name).first().waitFor();
  });
});

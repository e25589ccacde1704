// The cart line's edits in Chromium on the built storefront served by the real server
// (docs/decisions/144-cart-edits.md): why plus stops at 10, removing a line with Undo, and changing
// a line's size, merging with the line of that size — each checked against the server's cart.
// A visitor cannot fill a cart (adding asks for a login, docs/product.md §2), so these are a
// signed-in shopper's; the visitor's local rule is held by the component tests.
import { LIMITS } from '@vastra/shared/constants';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, snap, type ViewportName } from './support/browser';
import { loggedInShopper, serverCart, setServerLine } from './support/shopper';
import { stockedProduct } from './support/stock';

const MAX = LIMITS.cartLineQuantityMax;

/** The line whose size control shows `size`. */
const line = (page: Page, size: string) =>
  page.getByTestId('cart-line').filter({
    has: page.locator('[data-testid="cart-line-size"] option:checked', {
      hasText: new RegExp(`^${size}$`),
    }),
  });

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Waits until the element (a toast sliding in) lies within the screen's width. */
async function onScreen(page: Page, element: Locator) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= width;
    })
    .toBe(true);
}

/** 1366 px is the screenshots' desktop width; the harness opens desktop pages at 1280. */
async function open(route: string, viewport: ViewportName, storage: Record<string, string>) {
  const session = await openPage(route, { viewport, storage });
  if (viewport === 'desktop') await session.page.setViewportSize({ width: 1366, height: 800 });
  return session;
}

for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
  describe(`the cart's edits (${viewport === 'desktop' ? 1366 : 360} px)`, () => {
    it(`plus stops at ${MAX} and says why`, async () => {
      const product = await stockedProduct(`Edge Limit Tee ${viewport}`, { M: 20, L: 20 });
      const shopper = await loggedInShopper();
      await setServerLine(shopper.token, product._id, 'M', MAX);
      await setServerLine(shopper.token, product._id, 'L', 2);
      const { page } = await open('/cart', viewport, shopper.storage);

      const full = line(page, 'M');
      const note = full.getByTestId('cart-line-limit');
      await note.waitFor();
      expect(await note.innerText()).toBe(`${MAX} is the most per order line`);
      const plus = full.getByRole('button', { name: /Increase quantity/ });
      expect(await plus.isDisabled()).toBe(true);
      // The button's description is the note (what a screen reader says with it).
      const describedBy = await plus.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
        `${MAX} is the most per order line`,
      );
      expect(await line(page, 'L').getByTestId('cart-line-limit').count()).toBe(0);
      await snap(page, `cart-edges-limit-${viewport}`);
    });

    it('remove shows "Removed … (size L)" with Undo, which puts the line back', async () => {
      const product = await stockedProduct(`Edge Undo Tee ${viewport}`, { M: 20, L: 20 });
      const shopper = await loggedInShopper();
      await setServerLine(shopper.token, product._id, 'M', 1);
      await setServerLine(shopper.token, product._id, 'L', 3);
      const { page } = await open('/cart', viewport, shopper.storage);

      await line(page, 'L')
        .getByRole('button', { name: `Remove ${product.name}, size L from the cart` })
        .click();
      const removed = toast(page, `Removed ${product.name} (size L)`);
      await removed.waitFor();
      await expect.poll(() => serverCart(shopper.token)).toEqual({ [product._id]: { M: 1 } });
      // Once the toast has slid in, Undo is on the screen (at 360 px too).
      const undo = removed.getByRole('button', { name: 'Undo' });
      await onScreen(page, undo);
      await snap(page, `cart-edges-undo-${viewport}`);

      await undo.click();
      await line(page, 'L').getByTestId('cart-line-quantity').filter({ hasText: '3' }).waitFor();
      await expect.poll(() => serverCart(shopper.token)).toEqual({ [product._id]: { M: 1, L: 3 } });
    });

    it('from the keyboard: Enter removes, the focus is on Undo, Enter undoes', async () => {
      const product = await stockedProduct(`Edge Keys Tee ${viewport}`, { M: 20 });
      const shopper = await loggedInShopper();
      await setServerLine(shopper.token, product._id, 'M', 2);
      const { page } = await open('/cart', viewport, shopper.storage);

      await page
        .getByRole('button', { name: `Remove ${product.name}, size M from the cart` })
        .focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
      const undo = toast(page, `Removed ${product.name} (size M)`).getByRole('button', {
        name: 'Undo',
      });
      await expect.poll(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await line(page, 'M').getByTestId('cart-line-quantity').filter({ hasText: '2' }).waitFor();
      await expect.poll(() => serverCart(shopper.token)).toEqual({ [product._id]: { M: 2 } });
    });

    it('a size change merges with the line of that size, capped at the limit', async () => {
      const product = await stockedProduct(`Edge Size Tee ${viewport}`, { S: 20, M: 20, L: 20 });
      const shopper = await loggedInShopper();
      await setServerLine(shopper.token, product._id, 'S', 1);
      await setServerLine(shopper.token, product._id, 'M', 3);
      await setServerLine(shopper.token, product._id, 'L', MAX - 1);
      const { page } = await open('/cart', viewport, shopper.storage);
      await page.getByTestId('cart-line').nth(2).waitFor();

      // S into M: one line of 4.
      await line(page, 'S')
        .getByRole('combobox', { name: `Size for ${product.name}` })
        .selectOption('M');
      await toast(page, 'Size changed to M, merged into that line: now 4').waitFor();
      await line(page, 'M').getByTestId('cart-line-quantity').filter({ hasText: '4' }).waitFor();
      expect(await page.getByTestId('cart-line').count()).toBe(2);
      await expect
        .poll(() => serverCart(shopper.token))
        .toEqual({ [product._id]: { M: 4, L: MAX - 1 } });
      await snap(page, `cart-edges-size-${viewport}`);

      // M into L: L fills to the limit, the rest stays in M, and the page says so.
      await line(page, 'M')
        .getByRole('combobox', { name: `Size for ${product.name}` })
        .selectOption('L');
      const capped = toast(page, `Size L has ${MAX}, the most per order line: 3 stay in size M`);
      await capped.waitFor();
      await expect
        .poll(() => serverCart(shopper.token))
        .toEqual({ [product._id]: { M: 3, L: MAX } });
      await line(page, 'L')
        .getByTestId('cart-line-quantity')
        .filter({ hasText: String(MAX) })
        .waitFor();
      await line(page, 'M').getByTestId('cart-line-quantity').filter({ hasText: '3' }).waitFor();
      await onScreen(page, capped);
      await snap(page, `cart-edges-size-capped-${viewport}`);
    });
  });
}

describe('/product/<not-an-id>', () => {
  it('shows not found without asking the server: no console error', async () => {
    const { page } = await openPage('/product/not-an-id');
    await page.getByRole('heading', { name: "We couldn't find that product" }).waitFor();
    // The harness fails the test on any console error, such as a refused request's 400.
  });
});

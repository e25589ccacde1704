// A cart whose stock went away after it was filled, in Chromium on the built storefront served by
// the real server: another shopper buys the units through the real API, and the cart and the
// checkout say which line is short and wait until the shopper fixes it (docs/decisions/111).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, snap, VIEWPORTS, type ViewportName } from './support/browser';
import { placeCodOrder } from './support/orders';
import { loggedInShopper, serverCart, setServerLine } from './support/shopper';
import { shownStock, stockedProduct } from './support/stock';

const FIX_CART =
  'Some items in your cart are no longer available in the quantity you chose. Please update your cart to continue.';

// The line whose size control shows `size` (docs/decisions/144-cart-edits.md).
const line = (page: Page, size: string) =>
  page.getByTestId('cart-line').filter({
    has: page.locator('[data-testid="cart-line-size"] option:checked', {
      hasText: new RegExp(`^${size}$`),
    }),
  });

describe('a cart line whose stock vanished', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`blocks checkout with its message until the shopper fixes it (${viewport})`, async () => {
      const product = await stockedProduct('Vanishing Stock Tee', { S: 1, M: 4, L: 10 });
      const shopper = await loggedInShopper();
      await setServerLine(shopper.token, product._id, 'M', 3);
      await setServerLine(shopper.token, product._id, 'S', 1);
      await setServerLine(shopper.token, product._id, 'L', 1);
      // Meanwhile someone else buys 3 M and the last S: 1 M left, no S.
      const other = await loggedInShopper();
      await placeCodOrder(other.token, [
        { itemId: product._id, size: 'M', quantity: 3 },
        { itemId: product._id, size: 'S', quantity: 1 },
      ]);
      expect(await shownStock(product._id)).toEqual({ S: 0, M: 1, L: 10 });

      const { page } = await openPage('/cart', { viewport, storage: shopper.storage });
      await line(page, 'M').getByTestId('cart-line-stock').waitFor();
      expect(await line(page, 'M').getByTestId('cart-line-stock').innerText()).toBe(
        'Only 1 left in size M',
      );
      expect(await line(page, 'S').getByTestId('cart-line-stock').innerText()).toBe(
        'Size S is sold out',
      );
      expect(await line(page, 'L').getByTestId('cart-line-stock').count()).toBe(0);
      // The page's own button, not the phone's bottom bar's (docs/decisions/138-phone-ergonomics.md).
      const proceed = page.getByRole('main').getByRole('button', { name: 'PROCEED TO CHECKOUT' });
      expect(await proceed.getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('cart-fix').innerText()).toBe(FIX_CART);
      await snap(page, `stock-cart-${viewport}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );
      await proceed.click({ force: true });
      expect(new URL(page.url()).pathname).toBe('/cart');

      // The checkout, opened directly, says the same and does not let the order start.
      await page.goto('/place-order');
      await page.getByTestId('checkout-stock').waitFor();
      expect(await page.getByTestId('checkout-stock').innerText()).toContain(FIX_CART);
      // The form's own button (the phone's bottom bar repeats it; docs/decisions/138).
      const placeOrder = page.getByRole('button', { name: 'PLACE ORDER' }).first();
      expect(await placeOrder.isDisabled()).toBe(true);
      expect(await page.getByTestId('summary-line-stock').allInnerTexts()).toEqual(
        expect.arrayContaining(['Only 1 left in size M', 'Size S is sold out']),
      );

      // Fixed on the cart page: M down to 1, S removed.
      await page.getByRole('link', { name: 'Update your cart' }).click();
      await page.waitForURL('**/cart');
      const m = line(page, 'M');
      await m.getByRole('button', { name: /^Decrease quantity/ }).click();
      await m.getByRole('button', { name: /^Decrease quantity/ }).click();
      await line(page, 'S')
        .getByRole('button', { name: /^Remove / })
        .click();
      await page.getByTestId('cart-fix').waitFor({ state: 'detached' });
      expect(await page.getByTestId('cart-line-stock').count()).toBe(0);
      await expect.poll(() => serverCart(shopper.token)).toEqual({ [product._id]: { M: 1, L: 1 } });
      await proceed.click();
      await page.waitForURL('**/place-order');
      await page.getByTestId('summary-line').first().waitFor();
      expect(await page.getByTestId('checkout-stock').count()).toBe(0);
      expect(await placeOrder.isDisabled()).toBe(false);
    });
  }
});

// The delivery check by PIN code on the product page and the cart (docs/decisions/128, 132),
// against the real API and India Post's directory shipped with the server.
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap, VIEWPORTS } from './support/browser';
import { catalogue } from './support/catalogue';
import { loggedInShopper, setServerLine } from './support/shopper';

let product: Product;
beforeAll(async () => {
  product = (await catalogue()).find((p) => p.sizes.length > 0)!;
});

const WINDOW = /^Delivery by \w{3}, \d{1,2} \w{3}( – \w{3}, \d{1,2} \w{3})?$/;

async function checkPin(page: Page, pin: string) {
  const box = page.getByTestId('delivery-check');
  await box.getByLabel('PIN code').fill(pin);
  await box.getByLabel('PIN code').press('Enter');
}

const answer = (page: Page) => page.getByTestId('delivery-answer');

/** The box as it looks at 1366 and at 360 px, without sideways scrolling at 360. */
async function snapBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, `${name}-1366`);
  await page.setViewportSize(VIEWPORTS.mobile);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('delivery-check').scrollIntoViewIfNeeded();
  await snap(page, `${name}-360`);
}

describe('Check delivery', () => {
  it('on a product page: a date and COD for 110001, no COD for 744101, the API’s words for 123456', async () => {
    const session = await openPage(`/product/${product._id}`);
    const { page } = session;
    // The unknown PIN code's 404 is the expected answer, not a fault of the page.
    session.allowConsoleError(/404/);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    await checkPin(page, '110001');
    const window = page.getByTestId('delivery-window');
    await window.waitFor();
    expect(await window.innerText()).toMatch(WINDOW);
    expect(await page.getByTestId('delivery-place').innerText()).toMatch(/^to .+, Delhi$/);
    expect(await page.getByTestId('delivery-cod').innerText()).toBe('Cash on delivery available');
    expect(await answer(page).getAttribute('aria-live')).toBe('polite');
    await snapBoth(page, 'delivery-product');
    await page.setViewportSize(VIEWPORTS.desktop);

    await checkPin(page, '744101');
    await page
      .getByTestId('delivery-cod')
      .filter({ hasText: 'Cash on delivery is not available here' })
      .waitFor();
    expect(await page.getByTestId('delivery-window').innerText()).toMatch(WINDOW);

    await checkPin(page, '123456');
    await page
      .getByTestId('delivery-refusal')
      .filter({ hasText: 'We could not find this PIN code. Please check it.' })
      .waitFor();
    expect(await page.getByTestId('delivery-window').count()).toBe(0);
  });

  it('remembers the PIN code the shop found: the cart starts from it and checks it', async () => {
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, product._id, product.sizes[0]!, 1);
    const { page } = await openPage(`/product/${product._id}`, { storage: shopper.storage });
    await checkPin(page, '110001');
    await page.getByTestId('delivery-window').waitFor();

    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    const box = page.getByTestId('delivery-check');
    expect(await box.getByLabel('PIN code').inputValue()).toBe('110001');
    expect(await box.getByTestId('delivery-window').innerText()).toMatch(WINDOW);
    expect(await page.evaluate(() => localStorage.getItem('vastra.deliveryPin'))).toBe('110001');
    await snapBoth(page, 'delivery-cart');
  });
});

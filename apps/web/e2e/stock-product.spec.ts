// Stock on the product page and the product cards, in Chromium on the built storefront served by
// the real server: the products and their stock are made by the admin through the real admin API
// (support/stock.ts), and what the page shows is compared with the rule (docs/decisions/111).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap, VIEWPORTS, type ViewportName } from './support/browser';
import { loggedInShopper } from './support/shopper';
import { stockedProduct, type StockedProduct } from './support/stock';

let few: StockedProduct;
let gone: StockedProduct;
beforeAll(async () => {
  few = await stockedProduct('Few Left Oxford', { S: 0, M: 2, L: 20 });
  gone = await stockedProduct('Sold Out Linen', { S: 0, M: 0, L: 0 });
});

async function openProduct(product: StockedProduct, viewport: ViewportName = 'desktop') {
  const session = await openPage(`/product/${product._id}`, { viewport });
  await session.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  return session;
}

const sizeLabel = (page: Page) => page.locator('#size-label');

async function noSidewaysScroll(page: Page, viewport: ViewportName) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS[viewport].width,
  );
}

describe('stock on the product page', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`a sold-out size cannot be chosen, by mouse or keyboard, and 'Only 2 left' shows for 2 units (${viewport})`, async () => {
      const shopper = await loggedInShopper();
      const { page } = await openPage(`/product/${few._id}`, {
        viewport,
        storage: shopper.storage,
      });
      await page.getByRole('heading', { level: 1, name: few.name }).waitFor();

      const s = page.getByRole('button', { name: 'S, sold out' });
      expect(await s.getAttribute('aria-disabled')).toBe('true');
      expect(await s.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
        'line-through',
      );
      // A click and the keyboard both leave it unchosen.
      await s.click({ force: true });
      await s.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      expect(await s.getAttribute('aria-pressed')).toBe('false');
      expect(await sizeLabel(page).innerText()).toBe('Select Size');
      await page.getByRole('button', { name: 'ADD TO CART' }).click();
      await page.getByRole('alert').filter({ hasText: 'Select Product Size' }).first().waitFor();

      // M has 2 units: choosing it says so; L has 20 and says nothing.
      const note = page.getByTestId('stock-note');
      await page.getByRole('button', { name: 'M', exact: true }).click();
      expect(await note.innerText()).toBe('Only 2 left');
      await snap(page, `stock-product-${viewport}`);
      await noSidewaysScroll(page, viewport);
      await page.getByRole('button', { name: 'L', exact: true }).click();
      expect(await note.innerText()).toBe('');
    });
  }

  it('a product with every size at 0 says SOLD OUT on its page, and cannot be added', async () => {
    const { page } = await openProduct(gone);
    expect(await page.getByRole('button', { name: 'ADD TO CART' }).count()).toBe(0);
    const button = page.getByRole('button', { name: 'SOLD OUT', exact: true });
    expect(await button.isDisabled()).toBe(true);
    await page.getByText('Every size of this product is sold out for now.').waitFor();
    for (const size of ['S', 'M', 'L'])
      expect(
        await page.getByRole('button', { name: `${size}, sold out` }).getAttribute('aria-disabled'),
      ).toBe('true');
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`its card says "Sold out" on the home page and in the collection, the others do not (${viewport})`, async () => {
      const { page } = await openPage('/', { viewport });
      // The two new products are the newest: both are in Latest Collections.
      const latest = page.getByRole('list', { name: 'Latest collections' });
      const goneCard = latest.getByTestId('product-card').filter({ hasText: gone.name });
      await goneCard.getByTestId('card-sold-out').waitFor();
      expect(await goneCard.getByTestId('card-sold-out').innerText()).toMatch(/sold out/i);
      const fewCard = latest.getByTestId('product-card').filter({ hasText: few.name });
      await fewCard.waitFor();
      expect(await fewCard.getByTestId('card-sold-out').count()).toBe(0);
      await goneCard.scrollIntoViewIfNeeded();
      await snap(page, `stock-card-home-${viewport}`);

      await page.goto(`/collection`);
      const card = page.getByTestId('product-card').filter({ hasText: gone.name });
      await card.getByTestId('card-sold-out').waitFor();
      await noSidewaysScroll(page, viewport);
    });
  }
});

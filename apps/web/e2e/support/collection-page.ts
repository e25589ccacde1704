// Reading the collection page the way a shopper sees it: the cards' names and prices, in order.
import type { Page } from 'playwright-core';

/** Waits until the grid shows `expected` cards (or the empty message for 0), then reads it. */
export async function shownProducts(page: Page, expected: number) {
  await page
    .getByTestId('product-count')
    .filter({ hasText: new RegExp(`^${expected} products?$`) })
    .waitFor();
  const cards = page.getByTestId('product-card');
  const names = await cards.locator('h3').allInnerTexts();
  const prices = (await cards.getByTestId('price-current').allInnerTexts()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  );
  return { names, prices };
}

export async function tick(page: Page, group: 'Categories' | 'Brands', label: string) {
  await page.getByRole('group', { name: group }).getByLabel(label, { exact: true }).click();
}

export async function setMaxPrice(page: Page, value: number) {
  // A range input is set the way a keyboard user would: focus it, End, then step down with arrows.
  await page.getByTestId('product-card').first().waitFor();
  const slider = page.getByRole('slider', { name: 'Price' });
  await slider.focus();
  await page.keyboard.press('End');
  const steps = (2000 - value) / 100;
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowLeft');
}

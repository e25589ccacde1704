// Reading the collection page the way a shopper sees it: the cards' names and prices, in order.
import { CATALOGUE_PAGE } from '@vastra/shared/catalogue-sorts';
import type { Page } from 'playwright-core';

/** The first page of the collection: the server's page size (docs/decisions/139-catalogue-query.md). */
export const FIRST_PAGE = CATALOGUE_PAGE.default;

/**
 * Waits until the page says `expected` products match (the query's total), then reads the cards
 * it shows: the first page, or every page "Load more" has added.
 */
export async function shownProducts(page: Page, expected: number) {
  await page
    .getByTestId('product-count')
    .filter({ hasText: new RegExp(`^${expected} products?$`) })
    .waitFor();
  if (expected > 0) await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const cards = page.getByTestId('product-card');
  const names = await cards.locator('h3').allInnerTexts();
  const prices = (await cards.getByTestId('price-current').allInnerTexts()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  );
  return { names, prices };
}

/** Ticks a value by its label; the label carries its count, "Shirts (12)". */
export async function tick(
  page: Page,
  group: 'Categories' | 'Brands' | 'Sizes in stock',
  label: string,
) {
  await page
    .getByRole('group', { name: group })
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`))
    .click();
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

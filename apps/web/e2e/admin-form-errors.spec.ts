// The owner's product form says what is wrong, where (docs/decisions/140-inline-form-errors.md), in
// Chromium on the built storefront served by the real server: pictures are checked from their
// bytes as they are picked and a refused file is named while the good ones stay; the brand and
// category messages are words, not codes; errors go as their fields are put right; a save says
// so. The /admin tabs all fit a 360 px phone. In the e2e-admin project: it adds a product.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, noSidewaysScroll, picture, snapAt, toast } from './support/admin';

/** The message tied to the field (its aria-describedby), '' when the field is not invalid. */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const [errorId] = (await field.getAttribute('aria-describedby'))!.split(' ');
  return page.locator(`[id="${errorId}"]`).innerText();
}

describe('the product form’s errors', () => {
  it('refuses a text file named .png and a torn PNG by name when picked, keeps the good picture, and says "Product added"', async () => {
    const name = `Form Errors Oxford ${crypto.randomBytes(3).toString('hex')}`;
    const { page } = await adminPage();
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { name: 'Add product' }).waitFor();

    // Sent empty: each field says what it needs, in words.
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => errorOf(page, 'Brand')).toBe('Please choose a brand');
    expect(await errorOf(page, 'Category')).toBe('Please choose a category');
    expect(await page.locator('main').innerText()).not.toMatch(/USPOLO|must be one of/);
    await page.getByText('Please add at least one image').waitFor();

    const good = await picture();
    // A real PNG header over a body that is not one: only drawing it shows it is broken.
    const torn = Buffer.concat([good.subarray(0, 33), Buffer.from('the rest went missing')]);
    await page.locator('input[type=file][name=images]').setInputFiles([
      { name: 'shirt.png', mimeType: 'image/png', buffer: Buffer.from('Dear customer, …') },
      { name: 'front.png', mimeType: 'image/png', buffer: good },
      { name: 'torn.png', mimeType: 'image/png', buffer: torn },
    ]);
    const preview = page.getByRole('img', { name: 'Preview of front.png' });
    await preview.waitFor();
    await page
      .getByText('shirt.png is not a picture we can use: it is not a JPEG, PNG or WebP picture')
      .waitFor();
    await page
      .getByText('torn.png is not a picture we can use: it could not be opened as a picture')
      .waitFor();
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(1);
    // The kept preview draws: no broken picture.
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // A picture chosen: "Please add at least one image" is no longer true, so it is gone.
    expect(await page.getByText('Please add at least one image').count()).toBe(0);
    for (const width of [1366, 360] as const) await snapAt(page, 'form-errors-admin-picker', width);
    await page.setViewportSize({ width: 1366, height: 768 });

    // Each error goes as its field is put right; the others stay until theirs are.
    await page.getByLabel('Brand').selectOption('SNITCH');
    await expect.poll(() => errorOf(page, 'Brand')).toBe('');
    expect(await errorOf(page, 'Category')).toBe('Please choose a category');
    await page.getByLabel('Category').selectOption('SHIRTS');
    await expect.poll(() => errorOf(page, 'Category')).toBe('');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('A crisp oxford shirt for the office.');
    await page.getByLabel('Price (₹)').fill('1799');
    await page.getByText('M', { exact: true }).click();
    await page.getByLabel('Size M').fill('5');
    await page.getByRole('button', { name: 'Add product' }).click();
    await toast(page, 'Product added');
    await page.waitForURL('**/admin/products?search=*');
    // Still there on the list it lands on.
    await toast(page, 'Product added');

    // Saving an edit says so too.
    const row = page.getByTestId('admin-product').filter({ hasText: name });
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    await expect.poll(() => page.getByLabel('Price (₹)').inputValue()).toBe('1799');
    await page.getByLabel('Price (₹)').fill('1699');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Product updated');
  });

  it('at 360 px every /admin tab is on screen, none cut off; the top bar’s focus ring is paper', async () => {
    const { page } = await adminPage('mobile');
    const tabs = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
    // Overview, Products, Low stock, Orders, Returns, Refunds, Reviews, GST report, Delivery,
    // Coupons, Home page, Videos.
    expect(await tabs.count()).toBe(12);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await noSidewaysScroll(page, 'mobile');
    await snapAt(page, 'form-errors-admin-tabs', 360);

    // On the ink bar the ring is paper (16:1), not the accent (2.6:1 on ink).
    const viewShop = page.getByRole('link', { name: 'View shop' });
    // From the keyboard, as a focus ring is for (:focus-visible).
    await viewShop.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await viewShop.evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: style.outlineWidth, color: style.outlineColor, style: style.outlineStyle };
    });
    // At least 2 px (WCAG 2.4.13), drawn, in paper.
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    expect(ring.style).not.toBe('none');
    expect(ring.color).toBe('rgb(250, 247, 242)');
  });
});

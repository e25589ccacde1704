// The MRP as data (docs/decisions/126-mrp-display.md), in Chromium on the built storefront served by
// the real server: a product the owner added without an MRP shows its price alone, one with an MRP
// its struck MRP and the discount from it; the cart and the checkout add up the MRPs and say what
// the shopper saves; and the owner's form takes the MRP and the HSN code. It adds products through
// the admin API, so it runs with the owner's journeys (e2e-admin).
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, adminPage, snapAt, toast } from './support/admin';
import { loginToken } from './support/accounts';
import { baseURL, clientAddress, openPage } from './support/browser';
import { loggedInShopper, setServerLine } from './support/shopper';
import { stockedProduct, type StockedProduct } from './support/stock';

/** A word no seeded product has, so a search shows the two products of this journey only. */
const WORD = `Jodhpur${crypto.randomBytes(2).toString('hex')}`;
const MRP = 2306;
let withMrp: StockedProduct;
let plain: StockedProduct;

/** The owner's PATCH of a product (JSON), answering the status and the body. */
async function patchProduct(id: string, body: object) {
  const response = await fetch(new URL(`/api/admin/products/${id}`, baseURL), {
    method: 'PATCH',
    headers: {
      token: await loginToken(admin),
      'x-forwarded-for': clientAddress(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function shopProduct(id: string): Promise<Product> {
  const response = await fetch(new URL(`/api/product/${id}`, baseURL));
  return ((await response.json()) as { product: Product }).product;
}

beforeAll(async () => {
  // Added by the owner: no MRP unless one is set (docs/decisions/123).
  plain = await stockedProduct(`${WORD} Plain Shirt`, { S: 5, M: 5, L: 5 }, 1499);
  withMrp = await stockedProduct(`${WORD} Label Shirt`, { S: 5, M: 5, L: 5 }, 1499);
  expect((await patchProduct(withMrp._id, { mrp: MRP })).status).toBe(200);
});

/** Nothing wider than the window: no sideways scrolling at `width`. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** The price block of the card named `name`. */
const cardPrice = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ hasText: name }).getByTestId('price');

describe('MRP in the shop', () => {
  it('a product without an MRP shows its price alone, on its page and its card', async () => {
    expect((await shopProduct(plain._id)).mrp).toBeNull();
    const { page } = await openPage(`/product/${plain._id}`);
    await page.getByRole('heading', { level: 1, name: plain.name }).waitFor();
    const main = page.getByRole('main');
    const price = main.getByTestId('price').first();
    expect(await price.getByTestId('price-current').innerText()).toBe('₹1,499');
    expect(await price.getByTestId('price-original').count()).toBe(0);
    expect(await price.getByTestId('price-discount').count()).toBe(0);
    expect(await price.textContent()).toBe('Price ₹1,499');
    // Its relatives (seeded Snitch shirts) carry the demo catalogue's MRP.
    const related = page.getByRole('region', { name: /Related/ });
    await related.getByTestId('price-original').first().waitFor();

    await page.goto('/collection');
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill(WORD);
    await page
      .getByTestId('product-count')
      .filter({ hasText: /^2 products$/ })
      .waitFor();
    expect(await cardPrice(page, plain.name).textContent()).toBe('Price ₹1,499');
    expect(await cardPrice(page, withMrp.name).textContent()).toBe(
      `Price ₹1,499, MRP ${formatPrice(MRP)}, 35% off`,
    );
    const struck = cardPrice(page, withMrp.name).getByTestId('price-original');
    expect(await struck.evaluate((s) => s.tagName)).toBe('S');
    expect(await struck.innerText()).toBe('₹2,306');
    for (const width of [1366, 360] as const) {
      await snapAt(page, 'mrp-cards', width);
      await fitsWidth(page, width);
    }
  });

  it('the cart and the checkout add up the MRPs and say what the shopper saves', async () => {
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, withMrp._id, 'M', 2);
    await setServerLine(shopper.token, plain._id, 'L', 1);
    const { page } = await openPage('/cart', { storage: shopper.storage });
    await page.getByTestId('cart-total-mrp').waitFor();
    // 2306 × 2 + the plain shirt at its price 1499 = 6111; subtotal 1499 × 3 = 4497.
    const read = (id: string) => page.getByTestId(id).innerText();
    expect(await read('cart-total-mrp')).toBe('₹6,111');
    expect(await read('cart-mrp-discount')).toBe('−₹1,614');
    expect(await read('cart-subtotal')).toBe('₹4,497');
    expect(await read('cart-total')).toBe('₹4,546');
    expect(await read('cart-you-save')).toBe('You save ₹1,614');
    for (const width of [1366, 360] as const) {
      await snapAt(page, 'mrp-cart', width);
      await fitsWidth(page, width);
    }

    await page.getByRole('main').getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL('**/place-order');
    await page.getByTestId('summary-total-mrp').waitFor();
    expect(await read('summary-total-mrp')).toBe('₹6,111');
    expect(await read('summary-mrp-discount')).toBe('−₹1,614');
    expect(await read('summary-total')).toBe('₹4,546');
    expect(await read('summary-you-save')).toBe('You save ₹1,614');
  });
});

describe('MRP and HSN code in the owner’s form', () => {
  it('the HSN code follows the category; an MRP below the price is refused; clearing it takes it off the shop', async () => {
    const session = await adminPage();
    const { page } = session;
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    const hsn = page.getByLabel('HSN code');
    await page.getByLabel('Category').selectOption('SHIRTS');
    expect(await hsn.inputValue()).toBe('620520');
    await page.getByLabel('Category').selectOption('PANTS');
    expect(await hsn.inputValue()).toBe('620342');
    await page.getByLabel('Price (₹)').fill('1499');
    await page.getByLabel('MRP (₹)').fill('999');
    await hsn.fill('62034');
    // Leaving the box shows its error (the form checks a field as it is left). Left without
    // moving focus to the next field: leaving that one would show its error as the button is
    // pressed, and the page would shift under the pointer.
    await hsn.blur();
    await page.getByText('HSN code must be 4, 6 or 8 digits').waitFor();
    await page.getByRole('button', { name: 'Add product' }).click();
    // Sent with other fields still empty: the MRP's refusal shows with theirs.
    await page.getByText(/Please enter the product name/).waitFor();
    await page.getByText('MRP cannot be less than the price').waitFor();
    expect(await page.getByLabel('MRP (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(await hsn.getAttribute('aria-invalid')).toBe('true');
    for (const width of [1366, 360] as const) await snapAt(page, 'admin-product-mrp-hsn', width);

    // The product with an MRP: its form shows it; blanked and saved, the shop shows none.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/admin/products/${withMrp._id}`);
    const mrpBox = page.getByLabel('MRP (₹)');
    await expect.poll(() => mrpBox.inputValue()).toBe(String(MRP));
    expect(await page.getByLabel('HSN code').inputValue()).toBe('620520');
    await mrpBox.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Product updated');
    await expect.poll(async () => (await shopProduct(withMrp._id)).mrp).toBeNull();
    // Put back for any later look at the cards.
    expect((await patchProduct(withMrp._id, { mrp: MRP })).status).toBe(200);
  });

  it('the API refuses a price above the stored MRP with its message, changing nothing', async () => {
    const refused = await patchProduct(withMrp._id, { price: MRP + 1 });
    expect(refused).toEqual({
      status: 400,
      body: { success: false, message: 'MRP cannot be less than the price' },
    });
    expect(await shopProduct(withMrp._id)).toMatchObject({ price: 1499, mrp: MRP });
  });
});

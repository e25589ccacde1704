// The shop owner's stock screens in Chromium on the built storefront served by the real server:
// stock per size set on the product form and read back in the list, the low-stock view, a
// product's stock history naming the admin who changed it, and the refusal to set stock below what
// an unpaid online order (placed through the real API) holds. Nothing here fakes an answer.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STOCK_MESSAGES } from '@vastra/shared/schemas/stock';
import {
  admin,
  adminGet,
  addProduct,
  adminPage,
  noSidewaysScroll,
  picture,
  toast,
} from './support/admin';
import { snap } from './support/browser';
import { placeUnpaidRazorpayOrder } from './support/orders';
import { loggedInShopper } from './support/shopper';

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

describe('admin stock screens', () => {
  it('stock set per size on the form shows in the list, and the history names the admin', async () => {
    const name = unique('Stock Test Oxford Shirt');
    const session = await adminPage();
    const { page } = session;
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('A crisp oxford shirt for the stock journey.');
    await page.getByLabel('Price (₹)').fill('1799');
    await page.getByLabel('Category').selectOption('SHIRTS');
    await page.getByLabel('Brand').selectOption('SNITCH');
    for (const size of ['S', 'M', 'L']) await page.getByText(size, { exact: true }).click();
    // A wrong count is refused beside its size, in the API's words, before anything is sent.
    await page.getByLabel('Size S').fill('-3');
    await page.getByLabel('Size M').focus();
    await page.getByText(STOCK_MESSAGES.onHand).waitFor();
    await page.getByLabel('Size S').fill('12');
    await page.getByLabel('Size M').fill('0');
    await page.getByLabel('Size L').fill('3');
    await page
      .locator('input[type=file][name=images]')
      .setInputFiles({ name: 'oxford.png', mimeType: 'image/png', buffer: await picture() });
    // The picker checks the picture's bytes first (docs/decisions/140-inline-form-errors.md).
    await page.getByRole('img', { name: 'Preview of oxford.png' }).waitFor();
    await snap(page, 'admin-stock-product-new-desktop');
    await page.getByRole('button', { name: 'Add product' }).click();
    await toast(page, 'Product added');
    await page.waitForURL('**/admin/products?search=*');

    const row = page.getByTestId('admin-product').filter({ hasText: name });
    await row.waitFor();
    const stock = row.getByTestId('admin-product-stock');
    expect(await stock.innerText()).toContain('Sold out: M');
    expect(await row.getByTestId('admin-product-available').innerText()).toBe('15 available');
    expect(await stock.textContent()).toContain('Available per size: S 12 · M 0 · L 3');
    await snap(page, 'admin-stock-products-desktop');

    // The edit form: on hand in each box, held and available beside it; M is restocked.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    expect(await page.getByLabel('Size S').inputValue()).toBe('12');
    expect(await page.getByTestId('stock-M-now').innerText()).toBe('0 held · 0 available');
    await page.getByLabel('Size M').fill('7');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Product updated');
    await page.getByTestId('stock-M-now').filter({ hasText: '0 held · 7 available' }).waitFor();
    await snap(page, 'admin-stock-product-edit-desktop');

    // The history: the opening counts and the change, each by the admin, by e-mail.
    await page.getByRole('link', { name: 'Stock history' }).click();
    await page.getByRole('heading', { name: 'Stock history' }).waitFor();
    const latest = page.getByTestId('stock-movement').first();
    await latest.waitFor();
    const cells = await latest.getByRole('cell').allInnerTexts();
    expect(cells.join(' | ')).toContain('M');
    expect(cells.join(' | ')).toContain('+7');
    expect(cells.join(' | ')).toContain('Stock changed by staff');
    expect(cells.join(' | ')).toContain(admin.email);
    await snap(page, 'admin-stock-history-desktop');

    // The list agrees, and shows the product among the lowest stock first.
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    expect(await row.getByTestId('admin-product-available').innerText()).toBe('22 available');
    const listed = await adminGet<{ products: { name: string }[] }>(
      page,
      `/api/admin/products?sort=stock&search=${encodeURIComponent(name)}`,
    );
    expect(listed.products.map((p) => p.name)).toEqual([name]);
  });

  it('the low-stock view, reached from the navigation and the overview, lists a size at or below the threshold', async () => {
    const name = unique('Stock Test Low Tee');
    await addProduct(name, { S: 20, M: 2, L: 6 });
    const { page } = await adminPage();
    await page.getByRole('link', { name: 'See low stock' }).click();
    await page.getByRole('heading', { name: 'Low stock', level: 1 }).waitFor();
    const rows = page.getByTestId('low-stock-row').filter({ hasText: name });
    await rows.first().waitFor();
    // At the default 5: only M (2); S (20) and L (6) are above it.
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(/\bM\b/);
    await snap(page, 'admin-stock-low-desktop');

    await page.getByLabel('Available at most').fill('6');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL('**/admin/stock?threshold=6');
    await expect.poll(() => rows.count()).toBe(2);
    await rows
      .first()
      .getByRole('link', { name: `Edit ${name}` })
      .click();
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    expect(await page.getByLabel('Size M').inputValue()).toBe('2');

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Low stock' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/stock');
  });

  it('stock cannot go below what an unpaid online order holds: the refusal shows beside the size', async () => {
    const name = unique('Stock Test Held Shirt');
    const product = await addProduct(name, { M: 3, L: 5 });
    const shopper = await loggedInShopper();
    // An online order whose payment window was never used: it holds 2 M until paid or let go.
    await placeUnpaidRazorpayOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 2 },
    ]);

    const session = await adminPage();
    const { page } = session;
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    const row = page.getByTestId('admin-product').filter({ hasText: name });
    expect(await row.getByTestId('admin-product-stock').innerText()).toContain('2 held');
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByTestId('stock-M-now').filter({ hasText: '2 held · 1 available' }).waitFor();

    session.allowConsoleError(/status of 409/);
    await page.getByLabel('Size M').fill('1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const message = STOCK_MESSAGES.belowHeld('M', 2);
    await toast(page, message);
    const box = page.getByLabel('Size M');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await box.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy[0]}"]`).innerText()).toBe(message);
    await box.focus();
    await snap(page, 'admin-stock-below-held-desktop');

    // Nothing changed: 3 on hand, 2 held.
    const stored = await adminGet<{ products: { stock: Record<string, { onHand: number }> }[] }>(
      page,
      `/api/admin/products?search=${encodeURIComponent(name)}`,
    );
    expect(stored.products[0]!.stock.M!.onHand).toBe(3);

    // The order desk shows the hold on that order.
    await page.goto('/admin/orders?method=razorpay&payment=unpaid');
    const order = page.getByTestId('admin-order').filter({ hasText: shopper.account.email });
    await order.waitFor();
    expect(await order.getByTestId('admin-order-hold').innerText()).toMatch(/^Stock held until /);
  });

  it('the stock screens fit a 360 px phone', async () => {
    const name = unique('Stock Test Phone Shirt');
    const product = await addProduct(name, { S: 4, M: 0, L: 9, XL: 1 });
    const { page } = await adminPage('mobile');
    const screens = [
      [
        `/admin/products?search=${encodeURIComponent(name)}`,
        'admin-product',
        'admin-stock-products-mobile',
      ],
      ['/admin/stock', 'low-stock-row', 'admin-stock-low-mobile'],
      [`/admin/products/${product._id}`, 'stock-M-now', 'admin-stock-product-edit-mobile'],
      [`/admin/products/${product._id}/stock`, 'stock-movement', 'admin-stock-history-mobile'],
    ] as const;
    for (const [path, testId, shot] of screens) {
      await page.goto(path);
      await page.getByTestId(testId).first().waitFor();
      await snap(page, shot);
      await noSidewaysScroll(page, 'mobile');
    }
  });
});

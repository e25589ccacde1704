// The shop owner's area driven in Chromium on the built storefront served by
// the real server: the admin (made by the server from ADMIN_EMAIL at start) logs in through
// /login, adds a product with a picture uploaded from the browser, a shopper finds and buys it
// with cash on delivery, and the admin moves the order to Delivered while the shopper's /orders
// and mailbox follow each step. Nothing here talks to the database or fakes an answer.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addProduct, adminGet, adminPage, noSidewaysScroll, picture, toast } from './support/admin';
import { baseURL, openPage, snap } from './support/browser';
import { mailsTo } from './support/mail';
import { DELIVERY_ADDRESS } from './support/orders';
import { loggedInShopper } from './support/shopper';

describe('admin area', () => {
  it('a customer opening /admin sees the staff-only page, a visitor goes to /login', async () => {
    const shopper = await loggedInShopper();
    const session = await openPage('/admin', { storage: shopper.storage });
    const { page } = session;
    // The API's 403 to a customer is logged by the browser as a failed resource.
    session.allowConsoleError(/status of 403/);
    await page.getByRole('heading', { name: 'This area is for the shop’s staff' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    await snap(page, 'admin-staff-only-desktop');

    const visitor = await openPage('/admin/orders');
    await visitor.page.waitForURL('**/login');
  });

  it('product → shopper buys it → admin delivers it, the shopper sees every step and gets a mail per step', async () => {
    const name = `Admin Test Linen Kurta ${crypto.randomBytes(3).toString('hex')}`;
    const session = await adminPage();
    const { page } = session;
    await snap(page, 'admin-overview-desktop');

    // ── The admin adds the product ──
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Products' })
      .click();
    await page.getByTestId('admin-product').first().waitFor();
    await snap(page, 'admin-products-desktop');
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await page.getByRole('heading', { name: 'Add product' }).waitFor();

    // Nothing filled in: the errors appear beside the fields, in the server's words.
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByText(/Please enter the product name/).waitFor();
    await page.getByText('Please add at least one image').waitFor();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name').fill(name);
    await page
      .getByLabel('Description')
      .fill('A breathable linen kurta for warm days, cut straight with side slits.');
    await page.getByLabel('Price (₹)').fill('1499');
    await page.getByLabel('Category').selectOption('SHIRTS');
    await page.getByLabel('Brand').selectOption('SNITCH');
    for (const size of ['M', 'L']) await page.getByText(size, { exact: true }).click();
    // Units on hand per size (docs/decisions/112): a size left at 0 is sold out in the shop.
    await page.getByLabel('Size M').fill('4');
    await page.getByLabel('Size L').fill('6');

    // A text file named .jpg and a GIF are refused as they are picked, each by name, from their
    // bytes (docs/decisions/140-inline-form-errors.md); the server's own check is in the API tests.
    const fileInput = page.locator('input[type=file][name=images]');
    await fileInput.setInputFiles([
      {
        name: 'not-a-picture.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text, no picture'),
      },
      { name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    ]);
    await page
      .getByText(
        'not-a-picture.jpg is not a picture we can use: it is not a JPEG, PNG or WebP picture',
      )
      .waitFor();
    await page
      .getByText('moving.gif is not a picture we can use: it is not a JPEG, PNG or WebP picture')
      .waitFor();
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(0);

    await fileInput.setInputFiles({
      name: 'kurta.png',
      mimeType: 'image/png',
      buffer: await picture(),
    });
    await page.getByRole('img', { name: 'Preview of kurta.png' }).waitFor();
    await snap(page, 'admin-product-new-desktop');
    await page.getByRole('button', { name: 'Add product' }).click();
    await toast(page, 'Product added');
    await page.waitForURL('**/admin/products?search=*');
    const row = page.getByTestId('admin-product').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('₹1,499');
    const stored = await adminGet<{ products: { _id: string; image: string[] }[] }>(
      page,
      `/api/admin/products?search=${encodeURIComponent(name)}`,
    );
    expect(stored.products).toHaveLength(1);
    const product = stored.products[0]!;
    expect(product.image[0]).toMatch(/^\/uploads\/products\/upload-.*\.webp$/);
    expect((await fetch(new URL(product.image[0]!, baseURL))).headers.get('content-type')).toBe(
      'image/webp',
    );

    // The edit screen, as the admin sees it.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    await page.getByRole('img', { name: 'Picture 1' }).waitFor();
    await snap(page, 'admin-product-edit-desktop');

    // ── A shopper finds it at once, and buys it with cash on delivery ──
    const shopper = await loggedInShopper({ name: 'Asha Rao' });
    const buyer = await openPage('/collection', { storage: shopper.storage });
    const shop = buyer.page;
    await shop.getByRole('button', { name: 'Search products' }).click();
    await shop.getByRole('searchbox', { name: 'Search products by name' }).fill(name);
    // The search is applied (in the address) before a result is chosen: a click while the list
    // is being replaced by the results could land on a card that is going away.
    await shop.waitForURL((url) => url.searchParams.get('q') === name);
    // The card is the product's link.
    await shop.getByTestId('product-card').filter({ hasText: name }).first().click();
    await shop.getByRole('heading', { name, level: 1 }).waitFor();
    await shop.getByRole('button', { name: 'L', exact: true }).click();
    await shop.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(shop, 'Product added to the Cart');
    await shop.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    await shop.goto('/place-order');
    const form = shop.locator('#checkout-form');
    await form.getByLabel('First name').fill(DELIVERY_ADDRESS.firstName);
    await form.getByLabel('Last name').fill(DELIVERY_ADDRESS.lastName);
    await expect
      .poll(() => form.getByLabel('Email address').inputValue())
      .toBe(shopper.account.email);
    await form.getByLabel('Street address').fill(DELIVERY_ADDRESS.street);
    await form.getByLabel('City').fill(DELIVERY_ADDRESS.city);
    await form.getByLabel(/^State/).selectOption(DELIVERY_ADDRESS.state);
    await form.getByLabel('PIN code').fill(DELIVERY_ADDRESS.zipcode);
    await form.getByLabel('Mobile number').fill(DELIVERY_ADDRESS.phone);
    await shop.getByLabel(/Terms of Service/).check();
    await shop.getByLabel(/Privacy Policy/).check();
    await shop.getByLabel(/Cash on delivery/).check();
    await shop.getByRole('button', { name: 'PLACE ORDER' }).click();
    // Placing lands on the order's confirmation (docs/decisions/121); the list has it too.
    await shop.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await shop.getByTestId('order-placed').waitFor();
    await shop.goto('/orders');
    const shopperCard = shop.getByTestId('order').first();
    await shopperCard.filter({ hasText: name }).waitFor();
    expect(await shopperCard.getByTestId('order-status').innerText()).toContain('Order Placed');

    // ── The admin moves it along, one step at a time ──
    await page.goto('/admin');
    // At least this order waits. Not "one more than before": the other admin journeys run beside
    // this one on the same server and move their own placed orders along meanwhile.
    await expect
      .poll(async () => Number(await page.getByTestId('overview-waiting').innerText()))
      .toBeGreaterThanOrEqual(1);
    await page.getByRole('link', { name: 'Open these orders' }).click();
    await page.waitForURL('**/admin/orders?status=Order+Placed');
    const order = page.getByTestId('admin-order').filter({ hasText: shopper.account.email });
    await order.waitFor();
    expect(await order.innerText()).toContain(name);
    expect(await order.innerText()).toContain('12 MG Road, Bengaluru, Karnataka 560001');
    expect(await order.getByTestId('admin-order-payment').innerText()).toMatch(
      /Not paid · Cash on delivery/,
    );
    await snap(page, 'admin-orders-desktop');
    // Filters live in the address: the unfiltered list has it too, newest first.
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.search === '');
    await order.waitFor();

    const mailsBefore = mailsTo(shopper.account.email).length;
    const steps = [
      ['Start packing', 'Packing'],
      ['Mark shipped', 'Shipped'],
      ['Out for delivery', 'Out for delivery'],
      ['Mark delivered', 'Delivered'],
    ] as const;
    for (const [n, [button, status]] of steps.entries()) {
      await order.getByRole('button', { name: button, exact: true }).click();
      if (status === 'Shipped') {
        // Shipping asks for the courier and the tracking number (docs/decisions/122).
        const ship = page.getByRole('dialog', { name: /^Ship order #/ });
        await ship.getByLabel('Courier').fill('Delhivery');
        await ship.getByLabel('Tracking number').fill('DLV-2026-1');
        await ship.getByRole('button', { name: 'Mark shipped' }).click();
      }
      await order
        .getByTestId('admin-order-status')
        .filter({ hasText: new RegExp(`^${status}$`) })
        .waitFor();
      await shop.reload();
      await expect
        .poll(() => shop.getByTestId('order').first().getByTestId('order-status').innerText())
        .toContain(status);
      await expect
        .poll(
          () =>
            mailsTo(shopper.account.email).filter((m) => m.subject.endsWith(`is ${status}`)).length,
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(mailsTo(shopper.account.email).length).toBe(mailsBefore + n + 1);
    }
    // Delivered: no step is left; the cash is received, after a confirmation.
    expect(await order.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await order.getByRole('button', { name: 'Mark cash received' }).click();
    const dialog = page.getByRole('dialog', { name: /Mark order #.* paid\?/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await order.getByTestId('admin-order-payment').filter({ hasText: /^Paid/ }).waitFor();
    expect(await order.getByRole('button').count()).toBe(0);
    await shop.reload();
    await expect
      .poll(() => shop.getByTestId('order').first().getByTestId('order-payment').innerText())
      .toBe('Done');
    await snap(shop, 'admin-journey-shopper-orders-desktop');
  });

  it('asks before cancelling, and a cancelled order offers nothing more', async () => {
    const shopper = await loggedInShopper();
    const { placeCodOrder } = await import('./support/orders');
    // A product of its own with units on hand: the catalogue's newest may have a sold-out size.
    const product = await addProduct(`Cancel Test Shirt ${crypto.randomBytes(3).toString('hex')}`, {
      M: 3,
    });
    await placeCodOrder(shopper.token, [{ itemId: product._id, size: 'M', quantity: 1 }]);
    const { page } = await adminPage();
    await page.goto('/admin/orders?method=cod&payment=unpaid');
    const order = page.getByTestId('admin-order').filter({ hasText: shopper.account.email });
    await order.waitFor();
    await order.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel order #/ });
    await dialog.waitFor();
    await snap(page, 'admin-orders-cancel-dialog-desktop');
    // Escape leaves the order as it was.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await order.getByTestId('admin-order-status').innerText()).toBe('Order Placed');
    await order.getByRole('button', { name: 'Cancel order' }).click();
    // A reason is required; the shopper reads it.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('Please give the reason for cancelling').waitFor();
    await dialog.getByLabel('Reason').fill('The shopper asked us by phone.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await order.getByTestId('admin-order-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await order.getByRole('button').count()).toBe(0);
  });

  it('coupons and videos: the screens list what the shop has', async () => {
    const { page } = await adminPage();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Coupons' })
      .click();
    const vastra10 = page.getByRole('article', { name: 'Coupon VASTRA10' });
    await vastra10.waitFor();
    expect(await vastra10.innerText()).toContain('₹5,000');
    // A hidden test coupon (so no shopper's Available Offers changes), then switched off.
    const code = `T${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    await page.getByLabel('Code').fill('x');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText('Coupon code must be 3 to 20 letters or digits').waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Percent off').last().fill('15');
    await page.getByLabel('Hidden from Available Offers').last().check();
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await toast(page, `${code}: Coupon created`);
    const created = page.getByRole('article', { name: `Coupon ${code}` });
    await created.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await created.getByText('Inactive').waitFor();
    await snap(page, 'admin-coupons-desktop');

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Videos' })
      .click();
    await page.getByTestId('admin-video').first().waitFor();
    await page.getByRole('heading', { name: 'Upload a clip' }).waitFor();
    await snap(page, 'admin-videos-desktop');
  });

  it('every admin screen fits a 360 px phone, with the tabs on top', async () => {
    const { page } = await adminPage('mobile');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // The e2e server takes payments through the emulator: the owner is told, above the top bar.
    const banner = page.getByRole('complementary', { name: 'Test mode' });
    await banner.waitFor();
    const bannerBox = (await banner.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(header.y + 1);
    await snap(page, 'admin-overview-mobile');
    await noSidewaysScroll(page, 'mobile');
    const screens = [
      ['Products', 'admin-product', 'admin-products-mobile'],
      ['Orders', 'admin-order', 'admin-orders-mobile'],
      ['Coupons', 'admin-coupon', 'admin-coupons-mobile'],
      ['Videos', 'admin-video', 'admin-videos-mobile'],
    ] as const;
    for (const [tab, testId, shot] of screens) {
      await nav.getByRole('link', { name: tab }).click();
      await page.getByTestId(testId).first().waitFor();
      await snap(page, shot);
      await noSidewaysScroll(page, 'mobile');
    }
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await snap(page, 'admin-product-new-mobile');
    await noSidewaysScroll(page, 'mobile');
    await page.goto('/admin/products');
    await page
      .getByTestId('admin-product')
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    await page.getByRole('img', { name: 'Picture 1' }).waitFor();
    await snap(page, 'admin-product-edit-mobile');
    await noSidewaysScroll(page, 'mobile');
  });
});

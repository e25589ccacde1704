// The order page (/orders/:id) through an order's life, in the built storefront on the real
// server: paid through the Razorpay emulator, cancelled with its refund, delivered and exchanged
// or returned with the admin's steps made through the admin API — nothing faked
// (docs/decisions/121-storefront-order-page.md).
import fs from 'node:fs';
import path from 'node:path';
import { formatPaise, formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/accounts';
import { admin } from './support/admin';
import { openPage, VIEWPORTS, type ViewportName } from './support/browser';
import { catalogue } from './support/catalogue';
import { mailsTo } from './support/mail';
import {
  adminDeliver,
  adminMoveReturn,
  orderDetail,
  placeCodOrder,
  placePaidRazorpayOrder,
} from './support/orders';
import { loggedInShopper } from './support/shopper';

/** With the other browser tests' pictures, for people to look at (test-results/screenshots/). */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** A picture for people to look at: 1366 px wide on a desktop, the phone's 360 px otherwise. */
async function shoot(page: Page, name: string, viewport: ViewportName, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (viewport === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
  for (const img of await page.getByRole('img').all()) await img.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = viewport === 'desktop' ? 1366 : VIEWPORTS.mobile.width;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

const text = (page: Page, id: string) => page.getByTestId(id).first().innerText();

let shirt: Product;
let adminToken: string;
beforeAll(async () => {
  const products = await catalogue();
  shirt = products.find(
    (p) => p.sizes.length >= 2 && Object.values(p.stock ?? {}).every((n) => n > 5),
  )!;
  if (!shirt) throw new Error('The seed has no product with two sizes in stock.');
  adminToken = await loginToken(admin);
});

describe('/orders/:id', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`paid online: /verify lands on the confirmation, then cancelling refunds it (${viewport})`, async () => {
      const shopper = await loggedInShopper();
      const orderId = await placePaidRazorpayOrder(shopper.token, [
        { itemId: shirt._id, size: shirt.sizes[0]!, quantity: 2 },
      ]);
      const { page } = await openPage(`/verify?success=true&orderId=${orderId}`, {
        viewport,
        storage: shopper.storage,
      });
      await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
      expect(new URL(page.url()).searchParams.get('placed')).toBe('1');
      const panel = page.getByTestId('order-placed');
      await panel.waitFor();
      const order = await orderDetail(shopper.token, orderId);
      expect(await text(page, 'placed-number')).toBe(`#${order.orderNumber}`);
      const total = formatPrice(order.amount);
      expect(await text(page, 'placed-payment')).toMatch(new RegExp(`^Paid ${total} online`));
      expect(await text(page, 'placed-delivery')).toMatch(/^Expected delivery: /);
      expect(await text(page, 'order-number')).toBe(`#${order.orderNumber}`);
      expect(await text(page, 'order-payment-state')).toBe('Paid');
      expect(await text(page, 'order-item-quantity')).toBe('2');
      expect(await page.getByTestId('timeline-event').count()).toBeGreaterThanOrEqual(2);
      await noSidewaysScroll(page);
      await shoot(page, 'confirmation', viewport);

      // Cancel from the keyboard: the dialog takes the focus, Escape closes it.
      const cancel = page.getByRole('button', { name: 'Cancel order' });
      await cancel.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Cancel order #${order.orderNumber}?` });
      await dialog.waitFor();
      expect(await text(page, 'cancel-refund')).toContain(formatPaise(order.amount * 100));
      await shoot(page, 'cancel-dialog', viewport, false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await cancel.click();
      await dialog.getByLabel('Why are you cancelling?').selectOption('Ordered by mistake');
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('order-message').filter({ hasText: 'cancelled' }).waitFor();
      await page.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
      const refund = page.getByTestId('order-refund').first();
      await refund.waitFor();
      expect(await refund.getByTestId('refund-amount').innerText()).toBe(
        formatPaise(order.amount * 100),
      );
      expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      // The cancellation mail names the refund.
      await expect
        .poll(
          () =>
            mailsTo(shopper.account.email)
              .map((m) => m.subject)
              .join(' | '),
          {
            timeout: 10_000,
          },
        )
        .toMatch(/cancel/i);
      const mail = mailsTo(shopper.account.email).find((m) => /cancel/i.test(m.subject))!;
      // Quoted-printable: soft line breaks removed, ₹ is =E2=82=B9.
      const body = mail.raw.replace(/=\r?\n/g, '');
      expect(body).toContain(`#${order.orderNumber}`);
      expect(body).toContain(`=E2=82=B9${total.replace('₹', '')}`);
      await shoot(page, 'order-cancelled', viewport);
    });
  }

  it('a delivered order: exchange M for another size, each admin step shows on the page', async () => {
    const shopper = await loggedInShopper();
    const size = shirt.sizes[0]!;
    const orderId = await placeCodOrder(shopper.token, [{ itemId: shirt._id, size, quantity: 1 }]);
    await adminDeliver(adminToken, orderId, { courier: 'Delhivery', trackingNumber: 'DL-778899' });

    const { page } = await openPage(`/orders/${orderId}`, { storage: shopper.storage });
    await page.getByTestId('order-courier').waitFor();
    expect(await text(page, 'order-courier')).toBe('Delhivery');
    expect(await text(page, 'order-tracking')).toBe('DL-778899');
    expect(await text(page, 'order-status')).toContain('Delivered');
    const words = await page.getByTestId('timeline-words').allInnerTexts();
    expect(words.slice(0, 4)).toEqual(['Delivered', 'Out for delivery', 'Shipped', 'Being packed']);
    await shoot(page, 'order-delivered', 'desktop');

    await page.getByRole('button', { name: 'Return or exchange items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return or exchange items' });
    await dialog.getByLabel('Exchange for another size').check();
    const offered = (await orderDetail(shopper.token, orderId)).actions.returnable[0]!
      .exchangeSizes;
    expect(offered).not.toContain(size);
    const newSize = offered[0]!;
    await dialog.getByLabel('New size').selectOption(newSize);
    await dialog.getByLabel('Reason').selectOption('Size too small');
    await shoot(page, 'return-dialog-exchange', 'desktop', false);
    await dialog.getByRole('button', { name: 'Request exchange' }).click();
    await dialog.waitFor({ state: 'detached' });
    const state = page.getByTestId('return-state');
    await state.filter({ hasText: 'Requested' }).waitFor();
    expect(await page.getByTestId('order-return').innerText()).toContain(
      `size ${size} → size ${newSize}`,
    );

    const [request] = (await orderDetail(shopper.token, orderId)).returns;
    const steps: [string, string, object?][] = [
      ['approved', 'Approved: pickup to be scheduled'],
      ['picked_up', 'Picked up'],
      ['received', 'Received at our warehouse'],
      ['exchange_shipped', 'New size shipped', { courier: 'Blue Dart', trackingNumber: 'BD-4455' }],
    ];
    for (const [to, label, extra] of steps) {
      await adminMoveReturn(adminToken, request!._id, to, extra);
      await page.reload();
      await state.filter({ hasText: label }).waitFor();
    }
    expect(await page.getByTestId('order-return').innerText()).toContain('BD-4455');
    await shoot(page, 'order-exchange-shipped', 'desktop');
  });

  it('a delivered paid order returned for a refund: the refund is issued and shown', async () => {
    const shopper = await loggedInShopper();
    const orderId = await placePaidRazorpayOrder(shopper.token, [
      { itemId: shirt._id, size: shirt.sizes[1]!, quantity: 2 },
    ]);
    // The payment check (what /verify does) settles it before the admin packs it.
    const verify = await openPage(`/verify?success=true&orderId=${orderId}`, {
      storage: shopper.storage,
    });
    await verify.page.getByTestId('order-placed').waitFor();
    await adminDeliver(adminToken, orderId, { courier: 'Delhivery', trackingNumber: 'DL-1001' });

    const { page } = await openPage(`/orders/${orderId}`, {
      viewport: 'mobile',
      storage: shopper.storage,
    });
    await page.getByRole('button', { name: 'Return or exchange items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return or exchange items' });
    await dialog.getByLabel('Quantity').selectOption('1');
    await dialog.getByLabel('Reason').selectOption('Not as described or pictured');
    const quote = dialog.getByTestId('return-quote').filter({ hasText: 'You get back' });
    await quote.waitFor();
    await noSidewaysScroll(page);
    await shoot(page, 'return-dialog-refund', 'mobile', false);
    // The amount the server quoted is on the confirm button, in sight on a phone.
    await dialog
      .getByRole('button', { name: `Request return · ${formatPrice(shirt.price)}` })
      .click();
    await dialog.waitFor({ state: 'detached' });

    const [request] = (await orderDetail(shopper.token, orderId)).returns;
    expect(await quote.count()).toBe(0);
    for (const to of ['approved', 'picked_up', 'received'])
      await adminMoveReturn(adminToken, request!._id, to);
    await page.reload();
    await page.getByTestId('return-state').filter({ hasText: 'Refund issued' }).waitFor();
    const refund = page.getByTestId('order-refund').first();
    expect(await refund.getByTestId('refund-amount').innerText()).toBe(
      formatPaise(request!.refundPaise),
    );
    // The emulator settles the refund; its webhook makes it Refunded.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('refund-status').first().innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('Refunded');
    await shoot(page, 'order-refunded', 'mobile');
  });
});

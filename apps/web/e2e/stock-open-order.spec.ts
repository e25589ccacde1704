// An unpaid online order holds its units (docs/decisions/110); on /orders the shopper completes its
// payment in the payment window (the Razorpay emulator's, as at checkout) or cancels it, which
// gives the units back. In Chromium on the built storefront served by the real server; the order
// is created through the real API and its stock read back from the shopper's product answer.
import type { Page } from 'playwright-core';
import { ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import { describe, expect, it } from 'vitest';
import { openPage, snap, VIEWPORTS, type ViewportName } from './support/browser';
import { placeUnpaidRazorpayOrder, userOrders } from './support/orders';
import { loggedInShopper } from './support/shopper';
import { shownStock, stockedProduct } from './support/stock';

async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe('an open unpaid order on /orders', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`"Complete payment" pays the open order in the payment window (${viewport})`, async () => {
      const product = await stockedProduct('Held Then Paid Kurta', { S: 5, M: 3, L: 5 });
      const shopper = await loggedInShopper();
      const orderId = await placeUnpaidRazorpayOrder(shopper.token, [
        { itemId: product._id, size: 'M', quantity: 2 },
      ]);
      // The order holds its 2 units from the moment it exists.
      expect((await shownStock(product._id)).M).toBe(1);
      const [listed] = await userOrders(shopper.token);
      expect(listed).toMatchObject({ _id: orderId, openForPayment: true, payment: false });

      const { page } = await openPage('/orders', { viewport, storage: shopper.storage });
      const card = page.getByTestId('order').filter({ hasText: product.name });
      await card.getByTestId('open-order').waitFor();
      // "Pay by HH:MM", the hold's end in India's time.
      const payBy = new Intl.DateTimeFormat('en-IN', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Kolkata',
      }).format(listed!.holdExpiresAt!);
      expect(await card.getByTestId('open-order').innerText()).toContain(`Pay by ${payBy}`);
      expect(await card.getByTestId('order-payment').innerText()).toBe('Pending');
      await snap(page, `stock-open-order-${viewport}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );

      await card.getByRole('button', { name: 'Complete payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Vastra' });
      await dialog.waitFor();
      await dialog.getByLabel('UPI ID').fill('success@razorpay');
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await toast(page, 'Payment Successful');
      await expect.poll(() => card.getByTestId('order-payment').innerText()).toBe('Done');
      expect(await card.getByTestId('open-order').count()).toBe(0);

      const [paid] = await userOrders(shopper.token);
      expect(paid).toMatchObject({ _id: orderId, payment: true, openForPayment: false });
      // Sold: the 2 units stay gone.
      expect((await shownStock(product._id)).M).toBe(1);
    });
  }

  it('"Cancel" asks first, then cancels the order and gives its units back', async () => {
    const product = await stockedProduct('Held Then Released Shirt', { S: 5, M: 2, L: 5 });
    const shopper = await loggedInShopper();
    const orderId = await placeUnpaidRazorpayOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 2 },
    ]);
    expect((await shownStock(product._id)).M).toBe(0);

    const { page } = await openPage('/orders', { storage: shopper.storage });
    const card = page.getByTestId('order').filter({ hasText: product.name });
    await card.getByRole('button', { name: 'Cancel' }).click();
    // Nothing happens until the shopper says yes; "Keep order" keeps it.
    await card.getByRole('button', { name: 'Keep order' }).click();
    expect((await userOrders(shopper.token))[0]).toMatchObject({
      _id: orderId,
      openForPayment: true,
    });

    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Yes, cancel order' }).click();
    await toast(page, ORDER_LIFE_MESSAGES.cancelled);
    // A never-paid online order that is closed leaves the shopper's list.
    await card.waitFor({ state: 'detached' });
    expect((await userOrders(shopper.token)).map((o) => o._id)).not.toContain(orderId);
    expect((await shownStock(product._id)).M).toBe(2);

    // The product page offers M again.
    await page.goto(`/product/${product._id}`);
    const m = page.getByRole('button', { name: 'M', exact: true });
    await m.click();
    expect(await m.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('stock-note').innerText()).toBe('Only 2 left');
  });
});

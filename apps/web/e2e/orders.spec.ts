// /orders and /verify in the built storefront on the real server: orders are placed
// and paid through the real API and the Razorpay emulator, never faked.
import { DELIVERY_FEE } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap, type ViewportName } from './support/browser';
import { catalogue } from './support/catalogue';
import {
  placeCodOrder,
  placePaidRazorpayOrder,
  placeUnpaidRazorpayOrder,
  userOrders,
} from './support/orders';
import { loggedInShopper, serverCart, type Shopper } from './support/shopper';

let shirt: Product;
let other: Product;
beforeAll(async () => {
  const products = await catalogue();
  const sized = products.filter((p) => p.sizes.length >= 2);
  shirt = sized[0]!;
  other = sized.find((p) => p._id !== shirt._id && p.price !== shirt.price)!;
  if (!shirt || !other) throw new Error('The seed has too few products with two sizes.');
});

/** An order's date as a shopper in India reads it: "22 Nov 2026". */
const indianDate = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(ms);

const orderCards = (page: Page) => page.getByTestId('order');
const text = (scope: Locator, id: string) => scope.getByTestId(id).innerText();

async function toast(page: Page, message: string) {
  await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
}

async function expectItem(card: Locator, product: Product, size: string, quantity: number) {
  const item = card.getByTestId('order-item').filter({ hasText: product.name });
  expect(await item.count()).toBe(1);
  expect(await item.getByRole('img', { name: product.name }).getAttribute('src')).toBe(
    product.image[0],
  );
  expect(await text(item, 'order-item-name')).toBe(product.name);
  expect(await text(item, 'order-item-price')).toBe(formatPrice(product.price));
  expect(await text(item, 'order-item-size')).toBe(size);
  expect(await text(item, 'order-item-quantity')).toBe(String(quantity));
}

/** The page is as wide as the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('/orders', () => {
  it('a visitor is sent to /login', async () => {
    const { page } = await openPage('/orders');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: /login/i }).first().waitFor();
  });

  describe('two cash-on-delivery orders', () => {
    let shopper: Shopper;
    beforeAll(async () => {
      shopper = await loggedInShopper();
      await placeCodOrder(shopper.token, [
        { itemId: shirt._id, size: shirt.sizes[0]!, quantity: 2 },
      ]);
      await placeCodOrder(shopper.token, [
        { itemId: other._id, size: other.sizes[1]!, quantity: 1 },
        { itemId: shirt._id, size: shirt.sizes[1]!, quantity: 3 },
      ]);
    });

    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      it(`newest first, each with its items, date, method, payment and status (${viewport})`, async () => {
        const { page } = await openPage('/orders', { viewport, storage: shopper.storage });
        await page.getByRole('heading', { level: 1, name: /my\s*orders/i }).waitFor();
        await orderCards(page).nth(1).waitFor();
        expect(await orderCards(page).count()).toBe(2);
        const [newest, oldest] = await userOrders(shopper.token);

        const first = orderCards(page).nth(0);
        await expectItem(first, other, other.sizes[1]!, 1);
        await expectItem(first, shirt, shirt.sizes[1]!, 3);
        expect(await text(first, 'order-total')).toBe(
          formatPrice(other.price + shirt.price * 3 + DELIVERY_FEE),
        );
        expect(await text(first, 'order-date')).toBe(indianDate(newest!.date));

        const second = orderCards(page).nth(1);
        expect(await second.getByTestId('order-item').count()).toBe(1);
        await expectItem(second, shirt, shirt.sizes[0]!, 2);
        expect(await text(second, 'order-total')).toBe(formatPrice(shirt.price * 2 + DELIVERY_FEE));
        expect(await text(second, 'order-date')).toBe(indianDate(oldest!.date));

        for (const card of [first, second]) {
          expect(await text(card, 'order-method')).toBe('Cash on delivery');
          expect(await text(card, 'order-payment')).toBe('Pending');
          expect(await text(card, 'order-status')).toContain('Order Placed');
        }
        await expectNoSidewaysScroll(page);
        // The images are lazy: bring them in before the picture is taken.
        for (const img of await page.getByTestId('order-item').getByRole('img').all()) {
          await img.scrollIntoViewIfNeeded();
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await snap(page, `orders-${viewport}`);
      });
    }
  });

  it('Refresh shows an order placed after the page opened', async () => {
    const shopper = await loggedInShopper();
    await placeCodOrder(shopper.token, [{ itemId: shirt._id, size: shirt.sizes[0]!, quantity: 1 }]);
    const { page } = await openPage('/orders', { storage: shopper.storage });
    await orderCards(page).first().waitFor();
    expect(await orderCards(page).count()).toBe(1);

    await placeCodOrder(shopper.token, [{ itemId: other._id, size: other.sizes[0]!, quantity: 2 }]);
    // From the keyboard; the button keeps the focus while it is busy and after.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await orderCards(page).nth(1).waitFor();
    await expectItem(orderCards(page).first(), other, other.sizes[0]!, 2);
    await refresh.waitFor();
    expect(await refresh.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('no orders yet: says so and leads to the collection', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage('/orders', { viewport: 'mobile', storage: shopper.storage });
    await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
    await expectNoSidewaysScroll(page);
    await snap(page, 'orders-empty-mobile');
    await page.getByRole('link', { name: 'BROWSE THE COLLECTION' }).click();
    await page.waitForURL('**/collection');
  });
});

describe('/verify', () => {
  it('never believes success=true: an unpaid order goes back to /cart with the reason', async () => {
    const shopper = await loggedInShopper();
    const line = [{ itemId: shirt._id, size: shirt.sizes[0]!, quantity: 1 }];
    // Cash on delivery (unpaid by nature), and an online order whose payment never came: the
    // server asks the provider and hears "not paid".
    for (const orderId of [
      await placeCodOrder(shopper.token, line),
      await placeUnpaidRazorpayOrder(shopper.token, line),
    ]) {
      const session = await openPage(`/verify?success=true&orderId=${orderId}`, {
        storage: shopper.storage,
      });
      await session.page.waitForURL('**/cart');
      await toast(session.page, 'Payment not completed');
      const order = (await userOrders(shopper.token)).find((o) => o._id === orderId);
      expect(order?.payment).toBe(false);
    }
    // The online order's lines are still in the cart, to be paid for another time.
    expect(Object.keys(await serverCart(shopper.token))).toEqual([shirt._id]);
  });

  it('an order paid through Razorpay: the cart is emptied, the confirmation says paid and /orders shows it paid', async () => {
    const shopper = await loggedInShopper();
    const orderId = await placePaidRazorpayOrder(shopper.token, [
      { itemId: other._id, size: other.sizes[0]!, quantity: 1 },
    ]);
    const { page } = await openPage(`/verify?success=false&orderId=${orderId}`, {
      storage: shopper.storage,
    });
    // The order's page with its confirmation (docs/decisions/121-storefront-order-page.md).
    await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
    expect(await page.getByTestId('placed-payment').innerText()).toMatch(/^Paid ₹[\d,]+ online/);
    await page.getByRole('link', { name: '← My orders', exact: true }).click();
    await page.waitForURL('**/orders');
    const card = orderCards(page).first();
    await card.waitFor();
    expect(await text(card, 'order-payment')).toBe('Done');
    expect(await text(card, 'order-method')).toBe('Razorpay — card or UPI');
    expect(await page.getByTestId('cart-count').innerText()).toBe('0');
    expect(await serverCart(shopper.token)).toEqual({});
  });

  it('without an order id: /cart; a visitor: /login', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage('/verify?success=true', { storage: shopper.storage });
    await page.waitForURL('**/cart');
    const visitor = await openPage('/verify?success=true&orderId=x');
    await visitor.page.waitForURL('**/login');
  });
});

import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, clientAddress, openPage, snap } from './support/browser';
import { catalogue } from './support/catalogue';
import { loggedInShopper, serverCart } from './support/shopper';

/** docs/decisions/134-wishlist-screens.md: the product page's heart and /wishlist, on the real server. */

let product: Product;
beforeAll(async () => {
  // A product with L in stock that the stock journeys do not use (they take the newest ones).
  const withL = (await catalogue()).filter((p) => (p.stock.L ?? 0) >= 5);
  product = withL.at(-1)!;
  if (!product) throw new Error('The seed has no product with size L in stock.');
});

/** The wishlist as the server keeps it. */
async function serverWishlist(token: string): Promise<string[]> {
  const response = await fetch(new URL('/api/wishlist', baseURL), {
    headers: { token, 'x-forwarded-for': clientAddress() },
  });
  const body = (await response.json()) as { items: { productId: string }[] };
  return body.items.map((item) => item.productId);
}

const heart = (page: Page) => page.getByTestId('wishlist-heart');

/** The 1366 px wide desktop the brief asks for, then the 360 px phone. */
async function snapBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await snap(page, `${name}-1366`);
  await page.setViewportSize({ width: 360, height: 740 });
  await snap(page, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe('the wishlist', () => {
  it('a shopper saves a product from its page, moves it to the cart in L from /wishlist', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage(`/product/${product._id}`, { storage: shopper.storage });
    const save = page.getByRole('button', { name: 'Save to wishlist' });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Added to your wishlist' }).first().waitFor();
    const saved = page.getByRole('button', { name: 'Remove from wishlist' });
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    expect(await serverWishlist(shopper.token)).toEqual([product._id]);
    await snapBoth(page, 'wishlist-product-heart');

    await page.goto('/wishlist');
    const item = page.getByTestId('wishlist-item').filter({ hasText: product.name });
    await item.waitFor();
    expect(await page.getByTestId('wishlist-item').count()).toBe(1);
    await snapBoth(page, 'wishlist-page');

    await item.getByRole('button', { name: 'Move to cart' }).click();
    await snapBoth(page, 'wishlist-page-choose-size');
    await item.getByRole('button', { name: `Move ${product.name} to the cart in size L` }).click();
    await page.getByRole('alert').filter({ hasText: 'Moved to your cart' }).first().waitFor();
    await page.getByText('Your wishlist is empty').waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    expect(await serverCart(shopper.token)).toEqual({ [product._id]: { L: 1 } });
    expect(await serverWishlist(shopper.token)).toEqual([]);
    await snapBoth(page, 'wishlist-page-empty');

    // The cart page shows it in L.
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: product.name });
    await line.waitFor();
    expect(await line.getByTestId('cart-line-size').innerText()).toBe('L');
  });

  it('a visitor pressing the heart goes to /login with the message', async () => {
    const { page } = await openPage(`/product/${product._id}`);
    await heart(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please login to save items to your wishlist' })
      .first()
      .waitFor();
    await page.waitForURL('**/login');
  });

  it('a visitor opening /wishlist is sent to /login', async () => {
    const { page } = await openPage('/wishlist');
    await page.waitForURL('**/login');
  });
});

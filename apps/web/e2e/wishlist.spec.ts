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
    const save = page.getByRole('button', { name: 'Save to wishlist', exact: true });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Added to your wishlist' }).first().waitFor();
    const saved = page.getByRole('button', { name: 'Remove from wishlist', exact: true });
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
    expect(await line.getByTestId('cart-line-size').inputValue()).toBe('L');
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

  it('a heart on every product card saves it, and the header counts the wishlist', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage('/collection', { storage: shopper.storage });
    const card = page.getByRole('listitem').filter({ has: page.getByTestId('product-card') });
    await card.first().waitFor();
    // Every card has its heart, named for its product.
    expect(await page.getByTestId('card-wishlist-heart').count()).toBe(
      await page.getByTestId('product-card').count(),
    );
    const wishlistLink = page.getByRole('link', { name: /^Wishlist, / });
    expect(await wishlistLink.getAttribute('aria-label')).toBe('Wishlist, 0 items');
    expect(await wishlistLink.getAttribute('href')).toBe('/wishlist');

    // The first card's product, whatever the collection shows first.
    const name = await page.getByTestId('product-card').first().locator('h3').innerText();
    const saving = (await catalogue()).find((p) => p.name === name)!;
    const cardHeart = page.getByRole('button', { name: `Save to wishlist: ${name}`, exact: true });
    await cardHeart.click();
    await page.getByRole('alert').filter({ hasText: 'Added to your wishlist' }).first().waitFor();
    await page
      .getByRole('button', { name: `Remove from wishlist: ${name}`, exact: true })
      .waitFor();
    expect(await wishlistLink.getAttribute('aria-label')).toBe('Wishlist, 1 item');
    expect(await page.getByTestId('wishlist-count').innerText()).toBe('1');
    expect(await serverWishlist(shopper.token)).toEqual([saving._id]);
    // Pressing the heart saved it and did not open the product.
    expect(new URL(page.url()).pathname).toBe('/collection');
    await snapBoth(page, 'wishlist-card-hearts');

    // The product page shows it saved; removing it there empties the header's count.
    await page.goto(`/product/${saving._id}`);
    await page.getByRole('button', { name: 'Remove from wishlist', exact: true }).click();
    await page.getByRole('link', { name: 'Wishlist, 0 items' }).waitFor();
    expect(await page.getByTestId('wishlist-count').count()).toBe(0);
    expect(await serverWishlist(shopper.token)).toEqual([]);
  });

  it('a visitor sees hearts on the cards and no wishlist icon; a card heart asks for a login', async () => {
    const { page } = await openPage('/collection');
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByRole('link', { name: /^Wishlist, / }).count()).toBe(0);
    await page.getByTestId('card-wishlist-heart').first().click();
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

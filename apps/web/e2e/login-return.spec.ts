// A login that an action asked for returns the shopper there and finishes the action
// (docs/decisions/135-pick-up-where-you-were.md), in the built storefront served by the real server.
import { productPath } from '@vastra/shared/links/product-url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, loginToken } from './support/accounts';
import { openPage } from './support/browser';
import { catalogue } from './support/catalogue';
import { serverCart } from './support/shopper';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

describe('picking up where the shopper was', () => {
  it('a visitor chooses L, presses ADD TO CART, logs in, and is back on the product with L in the cart', async () => {
    const product = (await catalogue()).find((p) => p.sizes.includes('L') && (p.stock.L ?? 0) > 0);
    if (!product) throw new Error('The seed has no product in stock in L.');
    const account = await createAccount();
    const session = await openPage(`/product/${product._id}`);
    // The wrong password below is a 401 the browser logs.
    session.allowConsoleError(/status of 401/);
    const { page } = session;
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByText('Please login to add items to cart').first().waitFor();
    await page.waitForURL('**/login');

    // A wrong password first: its error goes once the login succeeds.
    await logIn(page, account.email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await logIn(page, account.email, account.password);
    await page.waitForURL(`**${productPath(product)}`);
    await page.getByText('Product added to the Cart').first().waitFor();
    // The toasts of the failed attempt and of the way here leave (after their closing animation).
    await expect.poll(() => page.getByText('Invalid email or password').count()).toBe(0);
    await expect.poll(() => page.getByText('Please login to add items to cart').count()).toBe(0);

    const token = await loginToken(account);
    expect((await serverCart(token))[product._id]).toEqual({ L: 1 });
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
  });

  it('a protected page says why it needs a login, and the login opens it', async () => {
    const account = await createAccount();
    const { page } = await openPage('/orders');
    await page.waitForURL('**/login');
    await page.getByText('Please login to see your orders').first().waitFor();
    await logIn(page, account.email, account.password);
    await page.waitForURL('**/orders');
  });

  it('a plain login from the header still goes home', async () => {
    const account = await createAccount();
    const { page } = await openPage('/');
    await page.getByRole('link', { name: 'Account: log in' }).click();
    await page.waitForURL('**/login');
    await logIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/');
  });
});

// Ratings and reviews (docs/decisions/136-product-reviews.md), driven in Chromium on the built
// storefront served by the real server: a new product says "No reviews yet"; a shopper cannot
// review it before delivery; the owner delivers the order; the shopper goes from the order page's
// "Rate & review" to the form, rates with the keyboard, and the product page's average and count
// follow; a second shopper's review moves the average; the owner hides one with a reason at
// /admin/reviews and the numbers drop it. The seeded demo reviews show marked as such.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addProduct, adminPage, deliverOrder, noSidewaysScroll, snapAt } from './support/admin';
import { catalogue } from './support/catalogue';
import { baseURL, openPage, snap } from './support/browser';
import { placeCodOrder } from './support/orders';
import { loggedInShopper, type Shopper } from './support/shopper';

const tag = () => crypto.randomBytes(3).toString('hex');

async function ratingLine(page: Page): Promise<string> {
  return page.getByTestId('rating-line').innerText();
}

/** Opens the order page of `orderId` and follows the line's "Rate & review" to the form. */
async function reviewFromOrder(shopper: Shopper, orderId: string) {
  const session = await openPage(`/orders/${orderId}`, { storage: shopper.storage });
  const { page } = session;
  await page.getByRole('link', { name: 'Rate & review' }).click();
  await page.waitForURL(/\/product\/[^/?]+\?review=1$/);
  const form = page.getByRole('form', { name: 'Write a review' });
  await form.waitFor();
  return { ...session, form };
}

describe('product reviews', () => {
  it('deliver an order → review → the average and the count follow; the owner hides one', async () => {
    const product = await addProduct(`Review Shirt ${tag()}`, { M: 5, L: 5 });
    const first = await loggedInShopper({ name: 'Nisha Bhat' });
    const orderId = await placeCodOrder(first.token, [
      { itemId: product._id, size: 'M', quantity: 1 },
    ]);

    // No review yet: the page says so, with no invented rating; not delivered: no form.
    const before = await openPage(`/product/${product._id}`, { storage: first.storage });
    await before.page.getByTestId('rating-line').filter({ hasText: 'No reviews yet' }).waitFor();
    expect(await before.page.getByRole('img', { name: /^Rated/ }).count()).toBe(0);
    await before.page.getByRole('tab', { name: 'Reviews (0)' }).click();
    await before.page.getByTestId('reviews-none').waitFor();
    await before.page.getByText('You can review a product after it is delivered.').waitFor();
    await snap(before.page, 'reviews-none-desktop');
    await before.context.close();

    await deliverOrder(orderId);

    // From the order page to the form; the stars are a radio group the keyboard moves through.
    const { page, form } = await reviewFromOrder(first, orderId);
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Please choose from 1 to 5 stars').waitFor();
    await form.getByRole('radio', { name: '1 star: Poor' }).focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '4 stars: Very good' }).isChecked()).toBe(true);
    await form.getByText('Runs small').click();
    await form.getByLabel(/Your review/).fill('Crisp cotton. Order a size up if between sizes.');
    await snapAt(page, 'review-form', 1366);
    await snapAt(page, 'review-form', 360);
    await page.setViewportSize({ width: 1366, height: 768 });
    await form.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you — your review is saved').waitFor();
    await form.waitFor({ state: 'detached' });

    // The numbers under the name and in the tab are the server's, read again.
    await page.getByRole('img', { name: 'Rated 4 out of 5' }).first().waitFor();
    expect(await ratingLine(page)).toContain('(1)');
    await page.getByRole('tab', { name: 'Reviews (1)' }).waitFor();
    const reviews = page.getByTestId('review');
    expect(await reviews.count()).toBe(1);
    expect(await reviews.first().innerText()).toContain('Nisha B.');
    expect(await reviews.first().innerText()).toContain('Runs small');
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();

    // A second shopper who received it rates it 5: the average is 4.5, the count 2.
    const second = await loggedInShopper({ name: 'Arjun Desai' });
    const secondOrder = await placeCodOrder(second.token, [
      { itemId: product._id, size: 'L', quantity: 1 },
    ]);
    await deliverOrder(secondOrder);
    const other = await reviewFromOrder(second, secondOrder);
    await other.form.getByRole('radio', { name: '5 stars: Excellent' }).focus();
    await other.page.keyboard.press('Space');
    await other.form.getByText('True to size').click();
    await other.form.getByRole('button', { name: 'Post review' }).click();
    await other.form.waitFor({ state: 'detached' });
    await other.page.getByTestId('reviews-average').filter({ hasText: '4.5' }).waitFor();
    expect(await ratingLine(other.page)).toContain('(2)');
    expect(await other.page.getByTestId('reviews-fit').innerText()).toMatch(/Runs small\s*1/);
    await snapAt(other.page, 'reviews-section', 1366);
    await snapAt(other.page, 'reviews-section', 360);
    await noSidewaysScroll(other.page, 'mobile');

    // The owner hides the first one with a reason: the shop's numbers drop it.
    const { page: desk } = await adminPage();
    await desk.goto('/admin/reviews');
    const card = desk.getByTestId('admin-review').filter({ hasText: product.name }).filter({
      hasText: 'Nisha B.',
    });
    await card.getByRole('button', { name: 'Hide…' }).click();
    const dialog = desk.getByRole('dialog', { name: /Hide Nisha B\.'s review\?/ });
    await dialog.getByLabel('Reason').fill('Mentions a competitor');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await card.getByTestId('admin-review-state').filter({ hasText: 'Hidden' }).waitFor();
    await snapAt(desk, 'admin-reviews', 1366);
    await snapAt(desk, 'admin-reviews', 360);
    await noSidewaysScroll(desk, 'mobile');

    await page.reload();
    await page.getByRole('img', { name: 'Rated 5 out of 5' }).first().waitFor();
    expect(await ratingLine(page)).toContain('(1)');
    await page.getByRole('tab', { name: 'Reviews (1)' }).click();
    await page
      .getByTestId('my-review-hidden')
      .filter({ hasText: 'Mentions a competitor' })
      .waitFor();
  });

  it('the demo catalogue shows its seeded reviews, marked "Demo review"', async () => {
    let withReviews: string | undefined;
    for (const product of await catalogue()) {
      const response = await fetch(new URL(`/api/reviews/${product._id}`, baseURL));
      const answer = (await response.json()) as { reviews: { isDemo: boolean }[] };
      if (answer.reviews.some((r) => r.isDemo)) {
        withReviews = product._id;
        break;
      }
    }
    expect(withReviews).toBeDefined();
    const { page } = await openPage(`/product/${withReviews}`);
    await page
      .getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
    await page.getByTestId('review-demo').first().waitFor();
    expect(await page.getByTestId('review-demo').first().innerText()).toBe('Demo review');
    await snap(page, 'reviews-demo-desktop');
  });
});

// The home page against the real server: counts, the carousel's and the slider's timings with the
// page's clock under the test's control, the videos fallback, and what is loaded when.
import {
  DELIVERY_DAYS,
  DELIVERY_FEE,
  DEMO_VIDEOS,
  HOME_BESTSELLER_COUNT,
  HOME_LATEST_COUNT,
  MEDIA_VIDEOS_PATH,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
} from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TESTIMONIALS } from '../src/features/home/testimonials';
import { baseURL, clientAddress, openPage, snap, type ViewportName } from './support/browser';
import { catalogue } from './support/catalogue';
import { loggedInShopper, setServerLine } from './support/shopper';

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

const demoUrls = DEMO_VIDEOS.map((clip) => `${MEDIA_VIDEOS_PATH}${clip.file}`);

/** Opens the home page with the page's clock installed first (it starts running naturally). */
async function openHomeWithClock(viewport: ViewportName = 'desktop') {
  // A plain file, so nothing of the app runs before the clock is installed.
  const session = await openPage('/favicon.svg', { viewport });
  await session.page.clock.install();
  await session.page.goto('/');
  return session;
}

/** Stops the page's clock: from here on only runFor() moves time. */
async function pauseClock(page: Page) {
  // A little ahead of the page's now, so the call cannot arrive after that moment has passed.
  // Jumping fires a due timer at most once; every test then resets its countdown with a dot.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1500);
}

/** The carousel slides a shopper sees ("2 of 4"), from the accessibility attributes. */
async function shownSlides(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="video-slide"]:not([aria-hidden="true"])')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
}

async function shownReviewers(page: Page): Promise<string[]> {
  return page.getByTestId('review').locator('figcaption span.block.font-semibold').allInnerTexts();
}

async function cardNames(page: Page, list: string) {
  const grid = page.getByRole('list', { name: list, exact: true });
  await grid.getByTestId('product-card').first().waitFor();
  return grid.getByTestId('product-card').locator('h3').allInnerTexts();
}

/**
 * The checkout and orders journeys run beside this file and sell products, which moves the best
 * sellers: the page is compared with the API's answer read just before and just after it loaded,
 * and loaded again when those two differ.
 */
async function expectShownAsServed(page: Page, list: string, served: () => Promise<string[]>) {
  for (let attempt = 1; ; attempt += 1) {
    const before = await served();
    await page.reload();
    const shown = await cardNames(page, list);
    const after = await served();
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 3) {
      expect(shown).toEqual(after);
      return;
    }
  }
}

async function servedBestsellers(): Promise<string[]> {
  const answer = (await (await fetch(`${baseURL}/api/product/bestsellers`)).json()) as {
    products: Product[];
  };
  return answer.products.map((p) => p.name);
}

describe('/ (home)', () => {
  it('shows the hero, the 14 newest products and 10 best sellers (as the API ranks them)', async () => {
    const { page } = await openPage('/');
    await page
      .getByRole('heading', { level: 1, name: 'Discover the New 50+ Collections' })
      .waitFor();
    expect(await page.getByText('TRENDING NOW').isVisible()).toBe(true);
    const shopNow = page.getByRole('link', { name: 'Shop Now' });
    expect(await shopNow.getAttribute('href')).toBe('/collection');

    expect(HOME_LATEST_COUNT).toBe(14);
    expect(await cardNames(page, 'Latest collections')).toEqual(
      products.slice(0, 14).map((p) => p.name),
    );

    // The API's ten (topped up without repeating the latest row: screen-products.test.ts).
    expect(HOME_BESTSELLER_COUNT).toBe(10);
    expect(await servedBestsellers()).toHaveLength(HOME_BESTSELLER_COUNT);
    await expectShownAsServed(page, 'Best sellers', servedBestsellers);

    await shopNow.click();
    await page.waitForURL('**/collection');
  });

  it('plays the four served clips 4 per page at 1280 px once scrolled to: muted, inline, looping', async () => {
    const session = await openPage('/favicon.svg');
    const { page } = session;
    const clipRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(MEDIA_VIDEOS_PATH)) clipRequests.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('[data-testid="video-slide"] video').first().waitFor();
    // Below the first screen at 1280×800: nothing of the clips is fetched before the shopper scrolls.
    expect(clipRequests).toEqual([]);
    await page.getByTestId('video-track').scrollIntoViewIfNeeded();
    expect(await shownSlides(page)).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    const videos = page.locator('[data-testid="video-slide"] video');
    const sources = await videos.evaluateAll((els) =>
      els.map((el) => (el as HTMLVideoElement).getAttribute('src')),
    );
    // The seeded table holds the demo clips, served by the API.
    expect(sources).toEqual(demoUrls);
    const flags = await videos.evaluateAll((els) =>
      els.map((el) => {
        const v = el as HTMLVideoElement;
        return { muted: v.muted, loop: v.loop, inline: v.playsInline };
      }),
    );
    expect(flags).toEqual(demoUrls.map(() => ({ muted: true, loop: true, inline: true })));
    // They really play in Chromium (VP9 WebM, range requests).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-slide"] video')].every(
        (v) => !v.paused && v.currentTime > 0.2,
      ),
    );
    expect(await page.getByText('Video unavailable').count()).toBe(0);
    await page.getByRole('heading', { name: /Best\s+Sellers/i }).scrollIntoViewIfNeeded();
    // Off screen, the clips are paused.
    await page.getByTestId('lazy-faq').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-slide"] video')].every(
        (v) => v.paused,
      ),
    );
  });

  it('at 360 px shows 1 clip per page and turns the page every 3 s, wrapping round (clock controlled)', async () => {
    const { page } = await openHomeWithClock('mobile');
    await page.locator('[data-testid="video-slide"] video').first().waitFor();
    await pauseClock(page);
    expect(await shownSlides(page)).toHaveLength(1);

    // Choosing page 2 restarts the 3 s countdown at a known moment.
    await page.getByRole('button', { name: 'Show videos 2 of 4' }).click();
    expect(await shownSlides(page)).toEqual(['2 of 4']);
    await page.clock.runFor(2999);
    expect(await shownSlides(page)).toEqual(['2 of 4']);
    await page.clock.runFor(1);
    expect(await shownSlides(page)).toEqual(['3 of 4']);
    await page.clock.runFor(3000);
    expect(await shownSlides(page)).toEqual(['4 of 4']);
    await page.clock.runFor(3000);
    expect(await shownSlides(page)).toEqual(['1 of 4']);
    await snap(page, 'home-mobile-top');
  });

  it("when the videos request fails, shows the error, 'Showing demo videos instead' and the four demo clips", async () => {
    const session = await openPage('/favicon.svg');
    const { page } = session;
    session.allowConsoleError(/status of 500/);
    await page.route(/\/api\/videos\/?$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Video service is down' }),
      }),
    );
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading videos' });
    await page.getByTestId('lazy-videos').scrollIntoViewIfNeeded();
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Error loading videos: Video service is down');
    expect(await alert.innerText()).toContain('Showing demo videos instead');
    const sources = await page
      .locator('[data-testid="video-slide"] video')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    expect(sources).toEqual(demoUrls);
    // The demo files come from the shop itself, so they still play.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-slide"] video')].some(
        (v) => v.currentTime > 0,
      ),
    );
  });

  it("shows 'Video unavailable' in place of a clip that cannot be loaded", async () => {
    const session = await openPage('/favicon.svg');
    const { page } = session;
    session.allowConsoleError(/status of 404/);
    const broken = DEMO_VIDEOS[1].file;
    await page.route(`**${MEDIA_VIDEOS_PATH}${broken}`, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/');
    await page.getByTestId('video-track').scrollIntoViewIfNeeded();
    await page.getByText('Video unavailable').waitFor();
    expect(await page.getByText('Video unavailable').count()).toBe(1);
    expect(await page.locator('[data-testid="video-slide"] video').count()).toBe(3);
  });

  it('has 5 customer reviews, 3 at a time at 1280 px, moving every 4 s; a dot holds its review 8 s; hovering stops it', async () => {
    const { page } = await openHomeWithClock('desktop');
    await page.getByTestId('lazy-reviews').scrollIntoViewIfNeeded();
    await page.getByTestId('review').first().waitFor();
    await pauseClock(page);
    const names = TESTIMONIALS.map((t) => t.name);
    expect(names).toHaveLength(5);
    expect(await page.getByTestId('review-dot').count()).toBe(5);
    expect(await shownReviewers(page)).toHaveLength(3);

    // A dot press shows that review first and holds it for 8 s; then it moves every 4 s again.
    await page.getByRole('button', { name: /^Show review 2 of 5/ }).click();
    expect(await shownReviewers(page)).toEqual([names[1], names[2], names[3]]);
    await page.clock.runFor(7999);
    expect((await shownReviewers(page))[0]).toBe(names[1]);
    await page.clock.runFor(1);
    expect((await shownReviewers(page))[0]).toBe(names[2]);
    await page.clock.runFor(3999);
    expect((await shownReviewers(page))[0]).toBe(names[2]);
    await page.clock.runFor(1);
    expect((await shownReviewers(page))[0]).toBe(names[3]);
    await page.clock.runFor(4000);
    // Wraps: the fifth, then the first two.
    expect(await shownReviewers(page)).toEqual([names[4], names[0], names[1]]);

    // While the pointer is over the reviews nothing moves.
    await page.getByTestId('reviews-shown').hover();
    await page.clock.runFor(20_000);
    expect((await shownReviewers(page))[0]).toBe(names[4]);
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    expect((await shownReviewers(page))[0]).toBe(names[0]);

    // The dots are keyboard operable.
    await page.getByRole('button', { name: /^Show review 4 of 5/ }).focus();
    await page.keyboard.press('Enter');
    expect((await shownReviewers(page))[0]).toBe(names[3]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect((await shownReviewers(page))[0]).toBe(names[4]);
    const stars = await page
      .getByTestId('review')
      .getByRole('img', { name: /^Rated [1-5] out of 5$/ })
      .count();
    expect(stars).toBe(3);
  });

  it('shows 1 review at a time below 768 px and 2 below 1280 px', async () => {
    const { page } = await openPage('/', { viewport: 'mobile' });
    await page.getByTestId('lazy-reviews').scrollIntoViewIfNeeded();
    await page.getByTestId('review').first().waitFor();
    expect(await page.getByTestId('review').count()).toBe(1);
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="review"]').length === 2,
    );
    await page.setViewportSize({ width: 767, height: 800 });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="review"]').length === 1,
    );
  });

  it('has an FAQ of 5 questions with one answer open at a time, stating the shop’s own numbers', async () => {
    const { page } = await openPage('/');
    await page.getByTestId('lazy-faq').scrollIntoViewIfNeeded();
    const faq = page.getByTestId('faq');
    await faq.waitFor();
    const questions = faq.getByRole('button');
    expect(await questions.count()).toBe(5);
    const expanded = async () =>
      questions.evaluateAll((els) =>
        els.filter((el) => el.getAttribute('aria-expanded') === 'true').map((el) => el.textContent),
      );
    expect(await expanded()).toEqual(['How long does delivery take?']);
    const delivery = await faq
      .getByRole('region', { name: 'How long does delivery take?' })
      .innerText();
    expect(delivery).toContain(`${PROCESSING_DAYS.min}–${PROCESSING_DAYS.max} business days`);
    expect(delivery).toContain(`${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days`);
    expect(delivery).toContain(`₹${DELIVERY_FEE}`);

    await faq.getByRole('button', { name: 'What is your return and exchange policy?' }).click();
    expect(await expanded()).toEqual(['What is your return and exchange policy?']);
    const returns = await faq
      .getByRole('region', { name: 'What is your return and exchange policy?' })
      .innerText();
    expect(returns).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(returns).toContain(`${REFUND_DAYS.min}–${REFUND_DAYS.max} business days`);
    expect(await faq.getByRole('region').count()).toBe(1);

    // Keyboard: Enter on another question opens it and closes the first.
    await faq.getByRole('button', { name: 'Is cash on delivery available?' }).focus();
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['Is cash on delivery available?']);
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual([]);
  });

  it("ends with a 'Why shop with us' strip", async () => {
    const { page } = await openPage('/');
    await page.getByTestId('lazy-why').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'Why shop with us' }).waitFor();
    expect(await page.getByTestId('why-item').count()).toBe(4);
    const text = (await page.getByTestId('why-item').allInnerTexts()).join(' ').toLowerCase();
    expect(text).toContain(`${RETURN_WINDOW_DAYS}-day returns`);
    expect(text).toContain(`${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days`);
  });

  it('loads the reviews, FAQ and strip code only when the shopper scrolls near them', async () => {
    const session = await openPage('/favicon.svg');
    const { page } = session;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The carousel is near the top, so it loads as the page opens; on a busy machine the network
    // can be idle before the page has laid out and asked for it, so its heading is waited for.
    await page.getByRole('heading', { name: /in\s*motion/i }).waitFor();
    const loaded = () => scripts.map((s) => s.split('/').pop() ?? '');
    expect(loaded().some((s) => s.startsWith('video-carousel-'))).toBe(true);
    expect(loaded().some((s) => s.startsWith('reviews-slider-') || s.startsWith('faq-'))).toBe(
      false,
    );
    await page.getByTestId('lazy-why').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'Why shop with us' }).waitFor();
    expect(loaded().some((s) => s.startsWith('reviews-slider-'))).toBe(true);
    expect(loaded().some((s) => s.startsWith('faq-'))).toBe(true);
    await snap(page, 'home-desktop');
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { page } = await openPage('/', { viewport: 'mobile' });
    await page.getByTestId('lazy-why').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'Why shop with us' }).waitFor();
    await page.getByTestId('review').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - 360);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'home-mobile');
  });

  // Last in this file on purpose: it creates the shop's first paid order, which the first test
  // (best sellers = the newest, while nothing has sold) must not see.
  it('ranks best sellers by units sold in paid orders once an order is paid', async () => {
    const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
      const response = await fetch(new URL(path, baseURL), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': clientAddress(),
          ...(token ? { token } : {}),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as T & { success?: boolean; message?: string };
      if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
      return answer;
    };
    // The oldest product: far from the newest ten, so only its sales can bring it to the front.
    const sold = products[products.length - 1];
    if (!sold) throw new Error('empty catalogue');
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, sold._id, sold.sizes[0] ?? '', 10);
    const created = await api<{ order: { id: string }; key: string }>(
      '/api/order/razorpay',
      {
        address: {
          firstName: 'Asha',
          lastName: 'Rao',
          email: shopper.account.email,
          street: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          zipcode: '560001',
          country: 'India',
          phone: '9876543210',
        },
      },
      shopper.token,
    );
    // Paid through the emulator's checkout endpoint, as its widget would, then verified by us.
    const payment = await api<{
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    }>('/razorpay-emulator/checkout/pay', {
      key_id: created.key,
      order_id: created.order.id,
      method: 'upi',
      vpa: 'asha@okaxis',
    });
    await api('/api/order/verifyRazorpay', payment, shopper.token);

    const bestsellers = (await (await fetch(`${baseURL}/api/product/bestsellers`)).json()) as {
      products: Product[];
    };
    // Other journeys running beside this one (checkout, orders, admin) sell products too, so the
    // exact ranking is the API tests' business (bestsellers.test.ts). Here: the oldest product,
    // which only its own sales can lift among the best sellers, is there once paid for.
    expect(bestsellers.products).toHaveLength(HOME_BESTSELLER_COUNT);
    expect(bestsellers.products.map((p) => p._id)).toContain(sold._id);
    const { page } = await openPage('/');
    await expectShownAsServed(page, 'Best sellers', servedBestsellers);
    expect(await cardNames(page, 'Best sellers')).toContain(sold.name);
  });
});

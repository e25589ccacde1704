import { CONTACT } from '@vastra/shared/constants';
import { describe, expect, it } from 'vitest';
import { baseURL, openPage, snap, VIEWPORTS } from './support/browser';

describe('the shop shell', () => {
  it('navigates with the header links and marks the current one', async () => {
    const { page } = await openPage('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'HOME',
      'COLLECTION',
      'ABOUT',
      'CONTACT',
    ]);
    await nav.getByRole('link', { name: 'COLLECTION' }).click();
    await page.waitForURL('**/collection');
    await nav.locator('a[aria-current="page"]').filter({ hasText: 'COLLECTION' }).waitFor();
    expect(await nav.locator('a[aria-current="page"]').count()).toBe(1);
    expect(await page.getByTestId('cart-count').innerText()).toBe('0');
  });

  it('reaches no other host: Chromium resolves no other name, and the try is a problem the test reports', async () => {
    const session = await openPage('/');
    // Reported by the harness after the test (support/browser.ts); expected here, so allowed.
    session.allowConsoleError(/^request to another host: https:\/\/cdn\.example\.com\//);
    const error = await session.page.goto('https://cdn.example.com/font.woff2').then(
      () => undefined,
      (failure: unknown) => String(failure),
    );
    expect(error).toMatch(/ERR_NAME_NOT_RESOLVED/);
    expect(session.problems).toContain(
      'request to another host: https://cdn.example.com/font.woff2',
    );
  });

  it('opens none of Chromium’s own UI pages beside a new page (they cost each test seconds of CPU)', async () => {
    const { page, context } = await openPage('/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const cdp = await context.browser()!.newBrowserCDPSession();
    try {
      const { targetInfos } = await cdp.send('Target.getTargets');
      // The page itself is there; the address bar's popups (support/chromium.ts) are not.
      expect(targetInfos.some((t) => t.type === 'page' && t.url === page.url())).toBe(true);
      expect(targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url)).toEqual([]);
    } finally {
      await cdp.detach();
    }
  });

  it('scrolls to the top on every navigation', async () => {
    const { page } = await openPage('/collection');
    await page.getByTestId('product-card').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId('product-card').last().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('says on every page, above the header, that no money moves while the emulator takes payments', async () => {
    // The e2e server has no Razorpay keys: the local emulator takes payments.
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page } = await openPage('/', { viewport });
      const banner = page.getByRole('complementary', { name: 'Test mode' });
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Test mode — no money moves.');
      const box = (await banner.boundingBox())!;
      const header = (await page.getByRole('banner').boundingBox())!;
      // In the page's flow at the top, the header below it: it covers nothing.
      expect(box.y).toBe(0);
      expect(header.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
      // Fits the width at 360 px: nothing scrolls sideways.
      expect(box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );
      await snap(page, `test-mode-banner-${viewport}`);
      // Still there after moving to another page, without asking the server again.
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/payment/mode')) asked.push(r.url());
      });
      // The footer's link: on a phone the help button shows only at the page's end
      // (docs/decisions/138-phone-ergonomics.md).
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
      await page.waitForURL('**/contact');
      await banner.waitFor();
      expect(asked).toEqual([]);
    }
  });

  it('opens and closes the slide-in menu on a phone, by keyboard too', async () => {
    const { page } = await openPage('/', { viewport: 'mobile' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await snap(page, 'menu-mobile');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'COLLECTION' }).click();
    await page.waitForURL('**/collection');
    await menu.waitFor({ state: 'detached' });
    // The focus goes to the new page's main heading, not back to the menu button.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

    // The categories are there too; a visitor is not offered Orders or Wishlist.
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await menu.getByRole('link', { name: 'Orders' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'T-Shirts' }).click();
    await page.waitForURL((url) => url.search === '?category=T-SHIRTS');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  });

  it('has a footer with the policy links and contact details, and a help button to /contact', async () => {
    const { page } = await openPage('/');
    const footer = page.getByRole('contentinfo');
    for (const route of [
      '/refund-policy',
      '/privacy-policy',
      '/terms-of-service',
      '/shipping-policy',
      '/about',
      '/contact',
    ]) {
      expect(await footer.locator(`a[href="${route}"]`).count()).toBe(1);
    }
    expect(await footer.getByText(CONTACT.phone).isVisible()).toBe(true);
    expect(await footer.getByText(CONTACT.email).isVisible()).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Need help? Contact us' }).getAttribute('href'),
    ).toBe('/contact');
  });

  it('shows a not-found page for an unknown route, served with the storefront', async () => {
    const response = await fetch(`${baseURL}/no/such/page`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const { page } = await openPage('/no/such/page');
    await page.getByRole('heading', { name: 'This page has wandered off' }).waitFor();
    expect(await page.title()).toContain('Page not found');
  });

  it('answers unknown API routes with JSON, not the storefront', async () => {
    const response = await fetch(`${baseURL}/api/no-such-route`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/not found/i);
  });
});

// The owner picks the home page's hero (docs/decisions/147-owner-picks-the-home-hero.md): a
// product found by search, then an uploaded banner, each shown on the home page and preloaded by
// its HTML. Other journeys share the server: the hero is put back to the newest products after.
import sharp from 'sharp';
import type { Product } from '@vastra/shared/schemas/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/accounts';
import { admin, adminCall, adminPage, noSidewaysScroll, snapAt, toast } from './support/admin';
import { baseURL, clientAddress, openPage } from './support/browser';
import { catalogue } from './support/catalogue';

let picked: Product;

beforeAll(async () => {
  // A seeded product well below the newest two, so the home page shows it only if picked.
  picked = (await catalogue())[9]!;
});

afterAll(async () => {
  const token = await loginToken(admin);
  const response = await fetch(new URL('/api/admin/home-hero', baseURL), {
    method: 'PUT',
    headers: { token, 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ kind: 'newest' }),
  });
  if (!response.ok) throw new Error(`putting the hero back: ${response.status}`);
});

/** The picture GET / preloads. */
async function preloaded(): Promise<string | undefined> {
  const html = await (await fetch(new URL('/', baseURL))).text();
  return /<link rel="preload" as="image" href="([^"]*)"/.exec(html)?.[1];
}

async function heroOnHome(viewport: 'wide' | 'mobile' = 'wide') {
  const session = await openPage('/', { viewport });
  const hero = session.page.getByRole('region', { name: 'Discover the New 50+ Collections' });
  await hero.getByRole('img').first().waitFor();
  return { ...session, hero };
}

describe('the owner picks the home hero', () => {
  it('picks a product by search: the home page shows it first, linked to its page, and preloads it', async () => {
    const { page } = await adminPage('wide');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Home page' })
      .click();
    await page.getByRole('heading', { name: 'Home page hero', level: 1 }).waitFor();
    await page.getByTestId('hero-preview').waitFor();

    await page.getByRole('radio', { name: /Products I pick/ }).check();
    // Nothing picked yet: said beside the picks, nothing sent.
    await page.getByRole('button', { name: 'Save the hero' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pick one or 2 products' }).waitFor();

    await page.getByRole('searchbox', { name: 'Find a product' }).fill(picked.name);
    await page.getByRole('searchbox', { name: 'Find a product' }).press('Enter');
    await page.getByRole('button', { name: `Pick ${picked.name}`, exact: true }).click();
    await page.getByTestId('hero-pick').filter({ hasText: picked.name }).waitFor();
    await page.getByRole('button', { name: 'Save the hero' }).click();
    await toast(page, 'The home page hero is saved');
    await page
      .getByTestId('hero-preview')
      .getByText(picked.name, { exact: true })
      .first()
      .waitFor();
    await snapAt(page, 'admin-home-hero-products', 1366);
    await snapAt(page, 'admin-home-hero-products', 360);
    await noSidewaysScroll(page, 'mobile');

    expect(await preloaded()).toBe(picked.image[0]);
    const { page: home, hero } = await heroOnHome();
    const first = hero.getByRole('link', { name: picked.name });
    expect(await first.locator('img').getAttribute('src')).toBe(picked.image[0]);
    await snapAt(home, 'home-hero-products', 1366);
    await snapAt(home, 'home-hero-products', 360);
    await first.click();
    await home.waitForURL((url) => url.pathname.startsWith('/product/'));
    await home.getByRole('heading', { name: picked.name, level: 1 }).waitFor();
  });

  it('uploads a banner: the home page shows it across the picture side with its text', async () => {
    const { page } = await adminPage('wide');
    await page.goto('/admin/home');
    await page.getByRole('heading', { name: 'Home page hero', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /A banner picture/ }).check();
    const png = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 46, g: 84, b: 120 } },
    })
      .png()
      .toBuffer();
    // No text yet: said beside the field.
    await page.getByLabel('Banner picture', { exact: true }).setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('button', { name: 'Upload and show the banner' }).click();
    await page.getByRole('alert').filter({ hasText: 'Describe the banner' }).waitFor();
    await page
      .getByLabel('The new banner’s text (for screen readers)')
      .fill('Indigo linen for the monsoon');
    await page.getByRole('button', { name: 'Upload and show the banner' }).click();
    await toast(page, 'The banner is uploaded and shown on the home page');
    await page
      .getByTestId('hero-preview')
      .getByRole('img', { name: 'Indigo linen for the monsoon' })
      .waitFor();
    await snapAt(page, 'admin-home-hero-banner', 1366);

    const hero = (await adminCall<{ hero: { banner: { src: string } } }>('/api/admin/home-hero'))
      .hero;
    expect(hero.banner.src).toMatch(/-w800\.webp$/);
    expect(await preloaded()).toBe(hero.banner.src);
    for (const viewport of ['wide', 'mobile'] as const) {
      const { page: home, hero: section } = await heroOnHome(viewport);
      const banner = section.getByRole('img', { name: 'Indigo linen for the monsoon' });
      expect(await banner.getAttribute('src')).toBe(hero.banner.src);
      expect(await section.getByTestId('hero-pictures').getAttribute('data-kind')).toBe('banner');
      // Across the picture side: as wide as the two slots it covers.
      const side = (await section.getByTestId('hero-pictures').boundingBox())!;
      const box = (await banner.boundingBox())!;
      expect(box.width).toBeGreaterThan(side.width * 0.9);
      expect(await section.getByRole('link', { name: /Shop Now/ }).isVisible()).toBe(true);
      await snapAt(home, 'home-hero-banner', viewport === 'wide' ? 1366 : 360);
    }
  });
});

// The information pages, and the SEO basics of every route, against the real server.
import {
  CONTACT,
  CURRENCY_CODE,
  DELIVERY_DAYS,
  DELIVERY_FEE,
  FREE_DELIVERY_COUPON,
  GRIEVANCE_OFFICER,
  MIN_AGE,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
  SUPPORT_LINKS,
} from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap } from './support/browser';
import { catalogue } from './support/catalogue';

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

const PAGES = [
  {
    footer: 'Shop',
    link: 'About us',
    path: '/about',
    heading: 'About Vastra',
    title: 'About us | Vastra',
  },
  {
    footer: 'Shop',
    link: 'Contact',
    path: '/contact',
    heading: 'Contact us',
    title: 'Contact us | Vastra',
  },
  {
    footer: 'Policies',
    link: 'Refund policy',
    path: '/refund-policy',
    heading: 'Refund and return policy',
    title: 'Refund and return policy | Vastra',
  },
  {
    footer: 'Policies',
    link: 'Privacy policy',
    path: '/privacy-policy',
    heading: 'Privacy policy',
    title: 'Privacy policy | Vastra',
  },
  {
    footer: 'Policies',
    link: 'Terms of service',
    path: '/terms-of-service',
    heading: 'Terms of service',
    title: 'Terms of service | Vastra',
  },
  {
    footer: 'Policies',
    link: 'Shipping policy',
    path: '/shipping-policy',
    heading: 'Shipping policy',
    title: 'Shipping policy | Vastra',
  },
] as const;

async function mainText(page: Page, heading: string): Promise<string> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page.getByRole('main').innerText();
}

const description = (page: Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

describe('information pages', () => {
  it.each(PAGES)(
    '$path is reachable from the footer and has its own title',
    async ({ footer, link, path, heading, title }) => {
      const { page } = await openPage('/');
      await page
        .getByRole('contentinfo')
        .getByRole('navigation', { name: footer })
        .getByRole('link', { name: link, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForFunction((t) => document.title === t, title);
      // Every navigation starts at the top.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    },
  );

  it('/contact gives the address, phone, e-mail, a map link, a chat link, the hours and the grievance officer', async () => {
    const { page } = await openPage('/contact');
    const text = await mainText(page, 'Contact us');
    expect(text).toContain(CONTACT.address);
    expect(text).toContain('Every day, 10 AM to 10 PM');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe(
      `tel:${CONTACT.phone.replace(/\s+/g, '')}`,
    );
    expect(await main.getByRole('link', { name: CONTACT.email }).getAttribute('href')).toBe(
      `mailto:${CONTACT.email}`,
    );
    // Links the shopper follows in a new tab; nothing is loaded from those hosts.
    const map = main.getByRole('link', { name: /View on map/ });
    expect(await map.getAttribute('href')).toBe(SUPPORT_LINKS.mapUrl);
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toContain('noopener');
    const chat = main.getByRole('link', { name: /Chat with us/ });
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/);
    const officer = await page.getByTestId('grievance-officer').innerText();
    expect(officer).toContain(GRIEVANCE_OFFICER.name);
    expect(officer).toContain(GRIEVANCE_OFFICER.email);
    expect(officer).toContain(GRIEVANCE_OFFICER.phone);
    await snap(page, 'contact-desktop');
  });

  it('/terms-of-service requires age 18 or over and names the grievance officer', async () => {
    const { page } = await openPage('/terms-of-service');
    const text = await mainText(page, 'Terms of service');
    expect(MIN_AGE).toBe(18);
    expect(text).toContain(`${MIN_AGE} years of age or over`);
    expect(text).toContain(GRIEVANCE_OFFICER.name);
    expect(text).toContain(GRIEVANCE_OFFICER.email);
  });

  it('/refund-policy states the 7-day window and 5–7 business days for refunds, and no other window', async () => {
    const { page } = await openPage('/refund-policy');
    const text = await mainText(page, 'Refund and return policy');
    expect(text).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(text).toContain(`${REFUND_DAYS.min}–${REFUND_DAYS.max} business days`);
    expect(text).not.toMatch(/30 days|30-day/);
  });

  it('/shipping-policy states what the checkout does: India only, ₹49, 1–2 and 3–7 business days, no express, no threshold', async () => {
    const { page } = await openPage('/shipping-policy', { viewport: 'mobile' });
    const text = await mainText(page, 'Shipping policy');
    expect(text).toContain('India only');
    expect(text).toContain(`₹${DELIVERY_FEE}`);
    expect(text).toContain(`${PROCESSING_DAYS.min}–${PROCESSING_DAYS.max} business days`);
    expect(text).toContain(`${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days`);
    expect(text).toContain(FREE_DELIVERY_COUPON.code);
    expect(text.toLowerCase()).not.toContain('express');
    expect(text).not.toMatch(/international|7-14|₹79|free shipping over/i);
    await snap(page, 'shipping-mobile');
  });

  it.each(PAGES)('$path fits a 360 px phone', async ({ path, heading }) => {
    const { page } = await openPage(path, { viewport: 'mobile' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - 360),
    ).toBeLessThanOrEqual(0);
  });
});

describe('SEO basics', () => {
  it('every route has its own title and meta description', async () => {
    const product = products[0]!;
    const routes: [string, string][] = [
      ['/', 'Discover the New 50+ Collections'],
      ['/collection', 'All collections'],
      [`/product/${product._id}`, product.name],
      ['/no-such-page', 'This page has wandered off'],
      ...PAGES.map((p): [string, string] => [p.path, p.heading]),
    ];
    const seen = new Map<string, string>();
    const descriptions = new Set<string>();
    const { page } = await openPage('/');
    for (const [route, heading] of routes) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      const title = await page.title();
      expect(seen.has(title), `${route} repeats the title of ${seen.get(title)}`).toBe(false);
      seen.set(title, route);
      const text = await description(page);
      expect(text?.length ?? 0, route).toBeGreaterThan(50);
      descriptions.add(text ?? '');
    }
    expect(descriptions.size).toBe(routes.length);
  });

  it('a product page carries Product JSON-LD with its INR price, and the CSP raises no error', async () => {
    const product = products.find((p) => p.price >= 1000) ?? products[0]!;
    const { page } = await openPage(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const blocks = page.locator('script[type="application/ld+json"]');
    // The product's, and the breadcrumb's BreadcrumbList (docs/decisions/141-links-that-travel.md).
    expect(await blocks.count()).toBe(2);
    const data = JSON.parse((await page.getByTestId('product-json-ld').textContent())!) as Record<
      string,
      unknown
    > & {
      offers: Record<string, unknown>;
    };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.name);
    expect(data.offers.priceCurrency).toBe(CURRENCY_CODE);
    expect(CURRENCY_CODE).toBe('INR');
    expect(Number(data.offers.price)).toBe(product.price);
    expect(data.image).toEqual(product.image.map((src) => new URL(src, page.url()).href));
    // A console error (a CSP violation would be one) fails the test in the harness's afterEach.
  });
});

import { productPath } from '@vastra/shared/links/product-url';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openPage, snap } from './support/browser';
import { catalogue } from './support/catalogue';

// Links that travel (docs/decisions/141-links-that-travel.md): what a link preview reads without
// running JavaScript, the readable address, and the breadcrumb.

let product: Product;
beforeAll(async () => {
  const products = await catalogue();
  product = products.find((p) => p.category === 'SHIRTS' && p.image.length > 0)!;
});

/** The content of `<meta property|name="key" content="…">` in the HTML as sent. */
function tag(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

describe('a shared product link', () => {
  it('answers, without JavaScript, with the product’s title, canonical URL and share tags', async () => {
    const readable = new URL(productPath(product), baseURL).href;
    // As WhatsApp's or X's crawler asks: a plain GET of the bare id, no script run.
    const response = await fetch(new URL(`/product/${product._id}`, baseURL), {
      headers: { 'user-agent': 'WhatsApp/2.23.20.0' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${escaped(product.name)} | Vastra</title>`);
    expect(html).toContain(`<link rel="canonical" href="${readable}" />`);
    expect(tag(html, 'og:type')).toBe('product');
    expect(tag(html, 'og:title')).toBe(escaped(product.name));
    expect(tag(html, 'og:url')).toBe(readable);
    expect(tag(html, 'og:description')).toMatch(new RegExp(`^${formatPrice(product.price)} · `));
    expect(tag(html, 'og:image')).toBe(new URL(product.image[0]!, baseURL).href);
    expect(tag(html, 'product:price:amount')).toBe(product.price.toFixed(2));
    expect(tag(html, 'product:price:currency')).toBe('INR');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    // The picture the preview shows is really there.
    const picture = await fetch(tag(html, 'og:image')!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it('opened by its bare id, ends at the readable address without an extra history entry', async () => {
    const { page } = await openPage('/collection');
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.waitForURL(`**${productPath(product)}`);
    // Back leaves the product: the bare address was replaced, not stacked.
    await page.goBack();
    await page.waitForURL('**/collection');
    await page.getByTestId('product-card').first().waitFor();
    await page.goForward();
    await page.waitForURL(`**${productPath(product)}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  });

  it('shows Home › Category › the product, with links that work and BreadcrumbList data', async () => {
    const { page } = await openPage(productPath(product));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.waitFor();
    expect(await crumbs.getByRole('link').allInnerTexts()).toEqual(['Home', 'Shirts']);
    const current = crumbs.locator('[aria-current="page"]');
    expect(await current.innerText()).toBe(product.name);

    const data = JSON.parse(
      (await page.getByTestId('breadcrumb-json-ld').textContent()) ?? '{}',
    ) as { '@type': string; itemListElement: { position: number; name: string; item: string }[] };
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', baseURL).href },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Shirts',
        item: new URL('/collection?category=SHIRTS', baseURL).href,
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: product.name,
        item: new URL(productPath(product), baseURL).href,
      },
    ]);

    await page.setViewportSize({ width: 1366, height: 800 });
    await snap(page, 'share-links-breadcrumb-1366');

    // The category crumb opens the collection filtered to it; Back returns to the product.
    await crumbs.getByRole('link', { name: 'Shirts' }).click();
    await page.waitForURL('**/collection?category=SHIRTS');
    await page.getByTestId('product-card').first().waitFor();
    await page.goBack();
    await page.waitForURL(`**${productPath(product)}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('keeps the breadcrumb on one tidy line set on a 360 px phone', async () => {
    const { page } = await openPage(productPath(product), { viewport: 'mobile' });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.waitFor();
    const box = await crumbs.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    // No sideways scrolling from a long product name.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await snap(page, 'share-links-breadcrumb-360');
  });
});

// docs/decisions/146-screens-ask-for-what-they-show.md: the home page, the product page, the cart
// and the checkout, driven in Chromium against the real server, never download the whole
// catalogue (GET /api/product/list) and still show the right products and prices.
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openPage, type Session } from './support/browser';
import { catalogue, expectedCollection } from './support/catalogue';
import { FIRST_PAGE, shownProducts, tick } from './support/collection-page';
import { loggedInShopper, setServerLine } from './support/shopper';

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

/** Opens `route` with every API request it makes recorded from the first one (path and query). */
async function openWatched(route: string, storage?: Record<string, string>) {
  const session: Session = await openPage('/favicon.svg', { storage });
  const asked: string[] = [];
  session.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  await session.page.goto(route);
  return { ...session, asked };
}

const names = (list: readonly Product[]) => list.map((p) => p.name);

const listCalls = (asked: readonly string[]) =>
  asked.filter((a) => a.startsWith('/api/product/list'));

describe('screens ask for what they show', () => {
  it('home: the latest 14 and the best sellers with the page, each asked for inside the app, never the list', async () => {
    const { page, asked } = await openWatched('/');
    const latest = page.getByRole('list', { name: 'Latest collections', exact: true });
    await latest.getByTestId('product-card').first().waitFor();
    expect(await latest.getByTestId('product-card').locator('h3').allInnerTexts()).toEqual(
      products.slice(0, 14).map((p) => p.name),
    );
    const best = page.getByRole('list', { name: 'Best sellers', exact: true });
    await best.getByTestId('product-card').first().waitFor();
    const bestNames = await best.getByTestId('product-card').locator('h3').allInnerTexts();
    expect(bestNames).toHaveLength(10);
    await page.waitForLoadState('networkidle');
    // The page's HTML carried its first screen (docs/decisions/165): the first render drew it.
    expect(asked).not.toContain('/api/product/latest');
    expect(asked).not.toContain('/api/product/bestsellers');
    expect(asked).not.toContain('/api/home/hero');
    expect(listCalls(asked)).toEqual([]);

    // Home opened inside the app has no such page: each row is asked for.
    await page.goto('/collection');
    await page.getByTestId('product-card').first().waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'HOME' })
      .click();
    await latest.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toContain('/api/product/latest');
    expect(asked).toContain('/api/product/bestsellers');
    expect(asked).toContain('/api/home/hero');
    expect(listCalls(asked)).toEqual([]);
  });

  it('collection: its first page with the page, a filtered page by query, never the list', async () => {
    const { page, asked } = await openWatched('/collection');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.locator('h3').allInnerTexts()).toEqual(
      names(expectedCollection(products, {}).slice(0, FIRST_PAGE)),
    );
    await page
      .getByTestId('shown-count')
      .filter({ hasText: `of ${products.length}` })
      .waitFor();
    await page.waitForLoadState('networkidle');
    // The page's HTML carried the first page (docs/decisions/165): the first render drew it.
    expect(asked.filter((a) => a.startsWith('/api/products'))).toEqual([]);

    await tick(page, 'Categories', 'Pants');
    await page.waitForURL('**/collection?category=PANTS');
    const pants = expectedCollection(products, { categories: ['PANTS'] });
    expect((await shownProducts(page, pants.length)).names).toEqual(
      names(pants.slice(0, FIRST_PAGE)),
    );
    expect(asked.some((a) => a.startsWith('/api/products?category=PANTS'))).toBe(true);
    expect(listCalls(asked)).toEqual([]);
  });

  it('product page: its product with the page, its related row by id, never the list', async () => {
    const product = products.find(
      (p) => products.filter((o) => o.category === p.category).length > 2,
    )!;
    const { page, asked } = await openWatched(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.getByTestId('price-current').first().innerText()).toBe(
      formatPrice(product.price),
    );
    const related = page.getByRole('list', { name: 'Related products' });
    await related.getByTestId('product-card').first().waitFor();
    const relatedNames = await related.getByTestId('product-card').locator('h3').allInnerTexts();
    const sameCategory = new Set(
      products.filter((p) => p.category === product.category).map((p) => p.name),
    );
    expect(relatedNames.length).toBeGreaterThan(0);
    expect(relatedNames.every((n) => sameCategory.has(n) && n !== product.name)).toBe(true);
    await page.waitForLoadState('networkidle');
    // The page's HTML carried the product (docs/decisions/154): the first render drew it.
    expect(asked).not.toContain(`/api/product/${product._id}`);
    expect(asked).toContain(`/api/product/${product._id}/related`);
    expect(listCalls(asked)).toEqual([]);

    // A product opened inside the app has no such page: it is asked for by id.
    const next = products.find((p) => p.name === relatedNames[0])!;
    await related.getByRole('link', { name: next.name }).first().click();
    await page.getByRole('heading', { level: 1, name: next.name }).waitFor();
    expect(asked).toContain(`/api/product/${next._id}`);
    expect(listCalls(asked)).toEqual([]);
  });

  it('cart and checkout: their lines’ products by id at today’s price, never the list', async () => {
    const shopper = await loggedInShopper();
    const [a, b] = products.filter((p) => p.sizes.some((s) => (p.stock[s] ?? 0) > 1));
    const sizeOf = (p: Product) => p.sizes.find((s) => (p.stock[s] ?? 0) > 1)!;
    await setServerLine(shopper.token, a!._id, sizeOf(a!), 1);
    await setServerLine(shopper.token, b!._id, sizeOf(b!), 2);
    const subtotal = formatPrice(a!.price + b!.price * 2);

    const cart = await openWatched('/cart', shopper.storage);
    await cart.page.getByTestId('cart-line').nth(1).waitFor();
    expect(await cart.page.getByTestId('cart-subtotal').innerText()).toBe(subtotal);
    await cart.page.waitForLoadState('networkidle');
    const byIds = cart.asked.filter((x) => x.startsWith('/api/product/by-ids'));
    expect(byIds.length).toBeGreaterThan(0);
    const ids = new URLSearchParams(byIds[0]!.split('?')[1]).get('ids')!.split(',').sort();
    expect(ids).toEqual([a!._id, b!._id].sort());
    expect(listCalls(cart.asked)).toEqual([]);

    const checkout = await openWatched('/place-order', shopper.storage);
    await checkout.page.getByTestId('summary-line').nth(1).waitFor();
    const summary = await checkout.page.getByTestId('summary-line').allInnerTexts();
    expect(summary.join('\n')).toContain(a!.name);
    expect(summary.join('\n')).toContain(b!.name);
    await checkout.page.waitForLoadState('networkidle');
    expect(checkout.asked.some((x) => x.startsWith('/api/product/by-ids'))).toBe(true);
    expect(listCalls(checkout.asked)).toEqual([]);
    // The list stays for the specification's clients (decision 005).
    expect((await fetch(`${baseURL}/api/product/list`)).status).toBe(200);
  });
});

import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@vastra/shared/schemas/product';
import { openPage, snap } from './support/browser';
import { catalogue, expectedCollection } from './support/catalogue';
import { FIRST_PAGE, setMaxPrice, shownProducts, tick } from './support/collection-page';

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

/** The names the first page shows: the server answers a page at a time (decision 139). */
const names = (list: Product[]) => list.slice(0, FIRST_PAGE).map((p) => p.name);
const prices = (list: Product[]) => list.slice(0, FIRST_PAGE).map((p) => p.price);

describe('/collection', () => {
  it('counts the whole catalogue by default, ₹2,000+ pieces too, newest first', async () => {
    const { page } = await openPage('/collection');
    const shown = await shownProducts(page, products.length);
    expect(shown.names).toEqual(names(products));
    expect(products.length).toBeGreaterThan(FIRST_PAGE);
    expect(Math.max(...products.map((p) => p.price))).toBeGreaterThan(2000);
    expect(await page.getByRole('slider', { name: 'Price' }).inputValue()).toBe('2000');
    expect(await page.getByTestId('price-filter-value').innerText()).toBe('Any price');
    await snap(page, 'collection-desktop');
  });

  it('filters by category: OR within the group', async () => {
    const { page } = await openPage('/collection');
    await tick(page, 'Categories', 'Shirts');
    const shirts = expectedCollection(products, { categories: ['SHIRTS'] });
    expect((await shownProducts(page, shirts.length)).names).toEqual(names(shirts));

    await tick(page, 'Categories', 'Pants');
    const either = expectedCollection(products, { categories: ['SHIRTS', 'PANTS'] });
    expect(either.length).toBeGreaterThan(shirts.length);
    expect((await shownProducts(page, either.length)).names).toEqual(names(either));
  });

  it('filters by brand against subCategory, and ANDs brand with category', async () => {
    const { page } = await openPage('/collection');
    await tick(page, 'Brands', BRAND_LABELS['TOMMY HILFIGER']);
    await tick(page, 'Brands', BRAND_LABELS.SNITCH);
    const brands = expectedCollection(products, { brands: ['TOMMY HILFIGER', 'SNITCH'] });
    expect((await shownProducts(page, brands.length)).names).toEqual(names(brands));

    await tick(page, 'Categories', 'T-Shirts');
    const both = expectedCollection(products, {
      brands: ['TOMMY HILFIGER', 'SNITCH'],
      categories: ['T-SHIRTS'],
    });
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(brands.length);
    const shown = await shownProducts(page, both.length);
    expect(shown.names).toEqual(names(both));
    for (const name of shown.names) {
      const product = products.find((p) => p.name === name);
      expect(product?.category).toBe('T-SHIRTS');
      expect(['TOMMY HILFIGER', 'SNITCH']).toContain(product?.subCategory as Brand);
    }
  });

  it('one step below the top, the slider hides the ₹2,000+ pieces', async () => {
    const { page } = await openPage('/collection');
    await setMaxPrice(page, 1900);
    const upTo1900 = expectedCollection(products, { maxPrice: 1900 });
    expect(upTo1900.length).toBeLessThan(products.length);
    const shown = await shownProducts(page, upTo1900.length);
    expect(shown.names).toEqual(names(upTo1900));
    expect(await page.getByTestId('price-filter-value').innerText()).toBe('Up to ₹1,900');
  });

  it('limits the price with the slider (price ≤ value, steps of ₹100)', async () => {
    const { page } = await openPage('/collection');
    await setMaxPrice(page, 900);
    await page.getByTestId('price-filter-value').filter({ hasText: '₹900' }).waitFor();
    const cheap = expectedCollection(products, { maxPrice: 900 });
    const shown = await shownProducts(page, cheap.length);
    expect(shown.names).toEqual(names(cheap));
    expect(Math.max(...shown.prices)).toBeLessThanOrEqual(900);
    expect(new URL(page.url()).searchParams.get('maxPrice')).toBe('900');
  });

  it('sorts by price both ways and back to relevance', async () => {
    const { page } = await openPage('/collection');
    const all = expectedCollection(products, {});
    await shownProducts(page, all.length);
    const sort = page.getByLabel('Sort by');
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Relevance',
      'Price: Low to High',
      'Price: High to Low',
      'What’s new',
      'Popularity',
      'Discount',
    ]);

    await sort.selectOption({ label: 'Price: Low to High' });
    await page.waitForFunction(() => {
      const p = [...document.querySelectorAll('[data-testid="price-current"]')].map((e) =>
        Number(e.textContent?.replace(/\D/g, '')),
      );
      return p.every((v, i) => i === 0 || (p[i - 1] ?? 0) <= v);
    });
    const low = await shownProducts(page, all.length);
    expect(low.prices).toEqual(prices(expectedCollection(products, { sort: 'low-high' })));

    await sort.selectOption({ label: 'Price: High to Low' });
    await page.waitForFunction(() => {
      const p = [...document.querySelectorAll('[data-testid="price-current"]')].map((e) =>
        Number(e.textContent?.replace(/\D/g, '')),
      );
      return p.every((v, i) => i === 0 || (p[i - 1] ?? 0) >= v);
    });
    const high = await shownProducts(page, all.length);
    expect(high.prices).toEqual(prices(expectedCollection(products, { sort: 'high-low' })));

    await sort.selectOption({ label: 'Relevance' });
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="product-card"] h3')?.textContent === first,
      all[0]?.name,
    );
    expect((await shownProducts(page, all.length)).names).toEqual(names(all));
  });

  it('searches case-insensitively only while the search bar is shown, and only here', async () => {
    const { page } = await openPage('/');
    expect(await page.getByRole('search').count()).toBe(0);
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.waitForURL('**/collection');
    const box = page.getByRole('searchbox', { name: 'Search products by name' });
    await box.fill('sLiM fIt');
    await page.waitForURL('**/collection?q=sLiM+fIt');
    // The search is by words, each found in the name, description or brand; the products whose
    // name has every word come first (the name weighs most, docs/decisions/139-catalogue-query.md).
    const hasWords = (p: Product) => /\bslim\b/i.test(p.name) && /\bfit\b/i.test(p.name);
    const slim = products.filter(hasWords);
    expect(slim.length).toBeGreaterThan(0);
    expect(expectedCollection(products, { search: 'slim fit' }).every(hasWords)).toBe(true);
    await page
      .getByTestId('search-heading')
      .filter({ hasText: 'Results for ‘sLiM fIt’' })
      .waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    const shown = await page.getByTestId('product-card').locator('h3').allInnerTexts();
    const named = new Set(slim.map((p) => p.name));
    const leading = shown.slice(0, Math.min(slim.length, FIRST_PAGE));
    expect(leading.filter((name) => !named.has(name))).toEqual([]);

    // Closing the bar (Escape) stops the search applying, though the text is kept, and hands
    // keyboard focus back to the header's search button.
    await box.press('Escape');
    await shownProducts(page, expectedCollection(products, {}).length);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search products',
    );

    // On another page the bar is not shown.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'HOME' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('search').count()).toBe(0);
  });

  it("says 'No products match …' when nothing matches", async () => {
    const { page } = await openPage('/collection');
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('searchbox').fill('no such garment zzz');
    await page.getByText('No products match ‘no such garment zzz’.').waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(0);
  });

  it('keeps the filters in a sheet on a 360 px phone, opened on demand', async () => {
    const { page } = await openPage('/collection', { viewport: 'mobile' });
    const toggle = page.getByRole('button', { name: /FILTERS/ });
    const shirts = page.getByRole('group', { name: 'Categories' }).getByLabel(/^Shirts \(\d+\)$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await shirts.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await shirts.click();
    // The sheet applies its choices with "Show N products" (docs/decisions/138-phone-ergonomics.md).
    const expected = expectedCollection(products, { categories: ['SHIRTS'] });
    await sheet.getByRole('button', { name: `Show ${expected.length} products` }).click();
    expect((await shownProducts(page, expected.length)).names).toEqual(names(expected));
    // Nothing may be wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'collection-mobile-filters');
  });
});

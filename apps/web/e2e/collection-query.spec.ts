// The collection on the server's catalogue query (docs/decisions/145-collection-on-the-query.md):
// its state in the address through reload and Back, "Load more", the counts beside each filter
// value, the chips and the search heading, against the real server and database.
import { BRAND_LABELS } from '@vastra/shared/constants';
import type { CatalogueAnswer } from '@vastra/shared/schemas/catalogue-query';
import type { Product } from '@vastra/shared/schemas/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openPage, snap } from './support/browser';
import { catalogue, expectedCollection } from './support/catalogue';
import { FIRST_PAGE, shownProducts, tick } from './support/collection-page';

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

const names = (list: Product[]) => list.map((p) => p.name);

async function query(params: string): Promise<CatalogueAnswer> {
  const response = await fetch(`${baseURL}/api/products?${params}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CatalogueAnswer;
}

describe('/collection on the catalogue query', () => {
  it('keeps filters and sort in the address: reload restores them, Back steps to the filters before', async () => {
    const { page } = await openPage('/collection');
    await tick(page, 'Categories', 'Shirts');
    await page.waitForURL('**/collection?category=SHIRTS');
    await tick(page, 'Brands', BRAND_LABELS.SNITCH);
    await page.waitForURL('**/collection?category=SHIRTS&brand=SNITCH');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await page.waitForURL('**/collection?category=SHIRTS&brand=SNITCH&sort=low-high');
    const both = expectedCollection(products, {
      categories: ['SHIRTS'],
      brands: ['SNITCH'],
      sort: 'low-high',
    });
    expect(both.length).toBeGreaterThan(0);
    expect((await shownProducts(page, both.length)).prices).toEqual(
      both.slice(0, FIRST_PAGE).map((p) => p.price),
    );

    await page.reload();
    expect((await shownProducts(page, both.length)).prices).toEqual(
      both.slice(0, FIRST_PAGE).map((p) => p.price),
    );
    expect(await page.getByLabel('Sort by').inputValue()).toBe('low-high');
    const snitch = page.getByRole('group', { name: 'Brands' }).getByLabel(/^Snitch \(\d+\)$/);
    expect(await snitch.isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/collection?category=SHIRTS&brand=SNITCH');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevant');
    await page.goBack();
    await page.waitForURL('**/collection?category=SHIRTS');
    const shirts = expectedCollection(products, { categories: ['SHIRTS'] });
    expect((await shownProducts(page, shirts.length)).names).toEqual(
      names(shirts.slice(0, FIRST_PAGE)),
    );
    expect(await snitch.isChecked()).toBe(false);
  });

  it('"Load more" appends the next page in place, without repeats, to the end of the catalogue', async () => {
    const { page } = await openPage('/collection');
    expect(products.length).toBeGreaterThan(FIRST_PAGE);
    await shownProducts(page, products.length);
    const more = page.getByRole('link', { name: 'LOAD MORE' });
    // A real link to the next page, for crawlers and browsers without JavaScript.
    const href = (await more.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/collection\?cursor=[\w-]+$/);
    await page
      .getByTestId('shown-count')
      .filter({ hasText: `Showing ${FIRST_PAGE} of ${products.length}` })
      .waitFor();
    while (await more.count()) {
      const before = await page.getByTestId('product-card').count();
      await more.click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="product-card"]').length > n,
        before,
      );
      // Focus goes to the first card it added.
      expect(
        await page.evaluate(
          (n) =>
            document.activeElement === document.querySelectorAll('[data-testid="product-card"]')[n],
          before,
        ),
      ).toBe(true);
    }
    await page
      .getByTestId('shown-count')
      .filter({ hasText: `Showing ${products.length} of ${products.length}` })
      .waitFor();
    const shown = await page.getByTestId('product-card').locator('h3').allInnerTexts();
    expect(shown).toEqual(names(products));
    expect(new URL(page.url()).search).toBe('');

    // The link's page on its own (as a crawler opens it): the products after the first page.
    const crawler = await openPage(href);
    await crawler.page.getByText('A later page of the collection.').waitFor();
    // The note shows with the address; the cards come with the server's answer.
    await crawler.page.getByTestId('product-card').first().waitFor();
    const second = await crawler.page.getByTestId('product-card').locator('h3').allInnerTexts();
    expect(second).toEqual(names(products.slice(FIRST_PAGE, 2 * FIRST_PAGE)));
  });

  it('shows the server’s count beside each value, chips for the filters, each removable', async () => {
    const { page } = await openPage('/collection?category=PANTS&maxPrice=1500');
    const facets = (await query('category=PANTS&maxPrice=1500')).facets;
    const pants = expectedCollection(products, { categories: ['PANTS'], maxPrice: 1500 });
    await shownProducts(page, pants.length);
    for (const [group, values] of [
      ['Categories', facets.category],
      ['Brands', facets.brand],
    ] as const) {
      const labels = await page
        .getByRole('group', { name: group })
        .locator('label')
        .allInnerTexts();
      expect(labels.map((l) => Number(/\((\d+)\)$/.exec(l)?.[1]))).toEqual(
        values.map((v) => v.count),
      );
    }
    // Counted under the other choices (price), without its own: "Shirts" counts shirts ≤ ₹1,500.
    const shirtsCount = expectedCollection(products, { categories: ['SHIRTS'], maxPrice: 1500 });
    expect(facets.category.find((c) => c.value === 'SHIRTS')?.count).toBe(shirtsCount.length);

    const chips = page.getByRole('list', { name: 'Applied filters' });
    expect(
      await chips
        .getByRole('button')
        .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(['Remove filter: Pants', 'Remove filter: Up to ₹1,500']);
    await snap(page, 'collection-query-counts-chips-desktop');
    await chips.getByRole('button', { name: 'Remove filter: Up to ₹1,500' }).click();
    await page.waitForURL('**/collection?category=PANTS');
    const allPants = expectedCollection(products, { categories: ['PANTS'] });
    await shownProducts(page, allPants.length);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.pathname === '/collection' && url.search === '');
    await shownProducts(page, products.length);
    expect(await chips.count()).toBe(0);
  });

  it('searches "tshirt": finds the T-shirts, says "Results for ‘tshirt’", and clears', async () => {
    const { page } = await openPage('/collection');
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill('tshirt');
    await page.waitForURL('**/collection?q=tshirt');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: 'Results for ‘tshirt’' }).waitFor();
    const answer = await query('q=tshirt');
    const tees = products.filter((p) => p.category === 'T-SHIRTS');
    expect(answer.total).toBeGreaterThanOrEqual(tees.length);
    await shownProducts(page, answer.total);
    const shown = await page.getByTestId('product-card').locator('h3').allInnerTexts();
    // The T-shirts, named "T-Shirt", lead the results.
    const leading = shown.slice(0, Math.min(tees.length, FIRST_PAGE));
    for (const name of leading) {
      expect(products.find((p) => p.name === name)?.category).toBe('T-SHIRTS');
    }
    await snap(page, 'collection-query-search-desktop');

    // A reload keeps the search and shows its bar.
    await page.reload();
    await heading.filter({ hasText: 'Results for ‘tshirt’' }).waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('tshirt');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => url.pathname === '/collection' && url.search === '');
    await heading.filter({ hasText: 'All Collections' }).waitFor();
    await shownProducts(page, products.length);
  });

  it('on a 360 px phone: counts, chips and a search result fit the screen', async () => {
    const { page } = await openPage('/collection?q=polo&category=T-SHIRTS', { viewport: 'mobile' });
    const answer = await query('q=polo&category=T-SHIRTS');
    await shownProducts(page, answer.total);
    await page.getByRole('list', { name: 'Applied filters' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'collection-query-search-mobile');
    await page.getByRole('button', { name: /FILTERS/ }).click();
    await page
      .getByRole('dialog', { name: 'Filters' })
      .getByRole('button', {
        name: `Show ${answer.total} ${answer.total === 1 ? 'product' : 'products'}`,
      })
      .waitFor();
    await snap(page, 'collection-query-sheet-mobile');
  });
});

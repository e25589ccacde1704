// Pictures in the widths the screen draws (docs/decisions/148-picture-widths.md): every product
// picture is stored at 800 and 400 px, and the storefront's `srcset` + `sizes` let Chromium fetch
// the 400 px copy where the layout draws it small. Checked on what the browser really fetched
// (`currentSrc`, the page's resource list), and each `sizes` against the width the page draws.
import { productPath } from '@vastra/shared/links/product-url';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { catalogue } from './support/catalogue';

/** The phone profile of Lighthouse's mobile run (its default `screenEmulation`). */
const PHONE_PIXEL_RATIO = 1.75;

let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

/** A product with several pictures, so the gallery shows thumbnails beside the main one. */
function galleryProduct(): Product {
  const found = products.find((p) => p.image.length >= 3);
  if (!found) throw new Error('The seed has no product with three pictures.');
  return found;
}

/** The stored product pictures the page fetched so far (file names). */
async function fetchedPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.includes('/uploads/products/'))
      .map((url) => url.slice(url.lastIndexOf('/') + 1)),
  );
}

/** Scrolls each matching picture into view and waits until it has loaded; answers `currentSrc`s. */
async function loadedSources(page: Page, selector: string): Promise<string[]> {
  const pictures = page.locator(selector);
  const count = await pictures.count();
  for (let i = 0; i < count; i++) await pictures.nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (s) => [...document.querySelectorAll<HTMLImageElement>(s)].every((img) => img.complete),
    selector,
  );
  return pictures.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) =>
      img.currentSrc.slice(img.currentSrc.lastIndexOf('/') + 1),
    ),
  );
}

/**
 * The cards' pictures are the 400 px copies, and no 800 px copy was fetched for them: a card may
 * show one only when another picture on the page (the home page's hero) already loaded it, which
 * Chromium then reuses rather than fetch the smaller copy.
 */
async function expectCardsToLoad400(page: Page, route: string) {
  const cards = await loadedSources(page, '[data-testid="product-card"] img');
  expect(cards.length, route).toBeGreaterThanOrEqual(10);
  const others = new Set(
    await page
      .locator('img:not([data-testid="product-card"] img)')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) =>
          img.currentSrc.slice(img.currentSrc.lastIndexOf('/') + 1),
        ),
      ),
  );
  for (const file of cards) if (!others.has(file)) expect(file, route).toMatch(/-w400\.webp$/);
  const wide = (await fetchedPictures(page)).filter((file) => file.endsWith('-w800.webp'));
  for (const file of wide) expect(others, `${route}: ${file} fetched for a card`).toContain(file);
}

/**
 * For every picture with a `sizes`: the width its `sizes` gives at this viewport (the first entry
 * whose media condition holds, its length measured on a probe element) beside the width drawn.
 */
async function sizesAgainstLayout(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    document.body.append(probe);
    const out = [...document.querySelectorAll<HTMLImageElement>('img[sizes]')]
      .filter((img) => img.getBoundingClientRect().width > 0)
      .map((img) => {
        // "(min-width: 80rem) 224px, …, calc(50vw - 24px)": no commas inside one entry.
        const entries = img.sizes.split(',').map((entry) => entry.trim());
        const chosen = entries.find((entry) => {
          const media = /^(\(.*\))\s+\S/.exec(entry)?.[1];
          return media === undefined || matchMedia(media).matches;
        })!;
        probe.style.width = chosen.replace(/^\(.*?\)\s+/, '');
        return {
          picture: img.currentSrc.slice(img.currentSrc.lastIndexOf('/') + 1),
          drawn: Math.round(img.getBoundingClientRect().width),
          sizes: Math.round(probe.getBoundingClientRect().width),
        };
      });
    probe.remove();
    return out;
  });
}

function expectSizesToMatch(found: { picture: string; drawn: number; sizes: number }[]) {
  expect(found.length).toBeGreaterThan(0);
  for (const { picture, drawn, sizes } of found) {
    // Within 4 px (the gallery's thumbnails have a 2 px border inside the button `sizes` measures).
    expect(
      Math.abs(drawn - sizes),
      `${picture}: drawn ${drawn} px, sizes ${sizes} px`,
    ).toBeLessThanOrEqual(4);
  }
}

describe('on a 360 px phone', () => {
  it('the collection’s cards load the 400 px copies, never the 800 px ones', async () => {
    const { page } = await openPage('/collection', {
      viewport: 'mobile',
      deviceScaleFactor: PHONE_PIXEL_RATIO,
    });
    await page.getByTestId('product-card').first().waitFor();
    const shown = await loadedSources(page, '[data-testid="product-card"] img');
    expect(shown.length).toBeGreaterThanOrEqual(12);
    for (const file of shown) expect(file).toMatch(/-w400\.webp$/);
    const fetched = await fetchedPictures(page);
    expect(fetched.filter((file) => file.endsWith('-w800.webp'))).toEqual([]);
    // Every picture shown was fetched (once: cards that share a picture share the fetch).
    for (const file of shown) expect(fetched).toContain(file);
    expectSizesToMatch(await sizesAgainstLayout(page));
  });

  it('the product page’s main picture and thumbnails match their sizes', async () => {
    const product = galleryProduct();
    const { page } = await openPage(productPath(product), {
      viewport: 'mobile',
      deviceScaleFactor: PHONE_PIXEL_RATIO,
    });
    await page.getByTestId('product-main-image').waitFor();
    // The thumbnails are a few dozen pixels wide: the 400 px copies. The first shows the main
    // picture, whose 800 px copy the page preloaded with its HTML: Chromium draws the copy it
    // already has rather than fetch another.
    const thumbs = await loadedSources(page, '[aria-label="Product pictures"] img');
    expect(thumbs).toHaveLength(product.image.length);
    for (const file of thumbs.slice(1)) expect(file).toMatch(/-w400\.webp$/);
    // The preload offered the widths the <img> takes: no picture was fetched in both widths.
    const stems = (await fetchedPictures(page)).map((f) => f.replace(/-w(400|800)\.webp$/, ''));
    expect(stems.length).toBeGreaterThan(0);
    expect(new Set(stems).size).toBe(stems.length);
    expectSizesToMatch(await sizesAgainstLayout(page));
  });

  it('the home page’s rows load the 400 px copies and match their sizes', async () => {
    const { page } = await openPage('/', {
      viewport: 'mobile',
      deviceScaleFactor: PHONE_PIXEL_RATIO,
    });
    await page
      .getByRole('list', { name: 'Best sellers' })
      .getByTestId('product-card')
      .first()
      .waitFor();
    await expectCardsToLoad400(page, '/');
    expectSizesToMatch(await sizesAgainstLayout(page));
  });
});

describe('at 1366 px', () => {
  it('the product page’s main picture loads the 800 px copy it needs, the thumbnails the 400 px', async () => {
    const product = galleryProduct();
    const { page } = await openPage(productPath(product), { viewport: 'wide' });
    const main = page.getByTestId('product-main-image');
    await main.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="product-main-image"]')?.complete,
    );
    const shown = await main.evaluate((img: HTMLImageElement) => ({
      file: img.currentSrc.slice(img.currentSrc.lastIndexOf('/') + 1),
      drawn: img.getBoundingClientRect().width,
    }));
    // Drawn about 456 px wide: more than the 400 px copy has, so the 800 px one.
    expect(shown.drawn).toBeGreaterThan(400);
    expect(shown.file).toBe(product.image[0]!.slice(product.image[0]!.lastIndexOf('/') + 1));
    expect(shown.file).toMatch(/-w800\.webp$/);
    // The first thumbnail is the main picture, drawn from the 800 px copy already loaded.
    const thumbs = await loadedSources(page, '[aria-label="Product pictures"] img');
    for (const file of thumbs.slice(1)) expect(file).toMatch(/-w400\.webp$/);
    // Showing another picture fetches that one's 800 px copy.
    await page.getByRole('button', { name: `Show picture 2 of ${product.image.length}` }).click();
    await page.waitForFunction(
      (want) =>
        document
          .querySelector<HTMLImageElement>('[data-testid="product-main-image"]')
          ?.currentSrc.endsWith(want),
      product.image[1]!.slice(product.image[1]!.lastIndexOf('/')),
    );
    expectSizesToMatch(await sizesAgainstLayout(page));
  });

  it('the collection and the home rows draw 400 px copies and match their sizes', async () => {
    for (const route of ['/collection', '/']) {
      const { page } = await openPage(route, { viewport: 'wide' });
      await page.getByTestId('product-card').first().waitFor();
      await expectCardsToLoad400(page, route);
      expectSizesToMatch(await sizesAgainstLayout(page));
    }
  });
});

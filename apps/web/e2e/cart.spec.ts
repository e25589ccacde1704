import { DELIVERY_FEE, LIMITS } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, snap, type ViewportName } from './support/browser';
import { catalogue } from './support/catalogue';
import { loggedInShopper, serverCart, setServerLine } from './support/shopper';

let products: Product[];
let shirt: Product;
let other: Product;
beforeAll(async () => {
  products = await catalogue();
  const sized = products.filter((p) => p.sizes.length >= 2);
  shirt = sized[0]!;
  other = sized.find((p) => p._id !== shirt._id && p.price !== shirt.price)!;
  if (!shirt || !other) throw new Error('The seed has too few products with two sizes.');
});

async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

const cartCount = (page: Page) => page.getByTestId('cart-count').innerText();

async function chooseSizeAndAdd(page: Page, size: string) {
  await page.getByRole('main').getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}

/** The totals written out from docs/product.md (§9): Σ price × quantity, plus the fee unless empty. */
function expectedTotals(lines: [Product, number][]) {
  const subtotal = lines.reduce((sum, [p, q]) => sum + p.price * q, 0);
  const fee = subtotal > 0 ? DELIVERY_FEE : 0;
  return {
    subtotal: formatPrice(subtotal),
    fee: formatPrice(fee),
    total: formatPrice(subtotal + fee),
  };
}

async function readTotals(page: Page) {
  return {
    subtotal: await page.getByTestId('cart-subtotal').innerText(),
    fee: await page.getByTestId('cart-delivery-fee').innerText(),
    total: await page.getByTestId('cart-total').innerText(),
  };
}

function line(page: Page, product: Product, size: string) {
  return (
    page
      .getByTestId('cart-line')
      .filter({ hasText: product.name })
      // The size control shows the line's size (docs/decisions/144-cart-edits.md).
      .filter({
        has: page.locator('[data-testid="cart-line-size"] option:checked', {
          hasText: new RegExp(`^${size}$`),
        }),
      })
  );
}

describe('ADD TO CART on the product page', () => {
  it('without a size: "Select Product Size", nothing added', async () => {
    const { page } = await openPage(`/product/${shirt._id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Select Product Size');
    expect(await cartCount(page)).toBe('0');
  });

  it('logged out: the info message, then /login', async () => {
    const { page } = await openPage(`/product/${shirt._id}`);
    await chooseSizeAndAdd(page, shirt.sizes[0]!);
    await toast(page, 'Please login to add items to cart');
    await page.waitForURL('**/login');
    expect(await cartCount(page)).toBe('0');
  });

  it('logged in: counted at once, kept by the server, "Product added to the Cart"', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage(`/product/${shirt._id}`, { storage: shopper.storage });
    const [first, second] = [shirt.sizes[0]!, shirt.sizes[1]!];
    await chooseSizeAndAdd(page, first);
    await toast(page, 'Product added to the Cart');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await chooseSizeAndAdd(page, second);
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    await expect
      .poll(() => serverCart(shopper.token))
      .toEqual({ [shirt._id]: { [first]: 2, [second]: 1 } });
  });

  it(`a refusal (past ${LIMITS.cartLineQuantityMax} of a line) is undone and its message shown`, async () => {
    const shopper = await loggedInShopper();
    const size = shirt.sizes[0]!;
    await setServerLine(shopper.token, shirt._id, size, LIMITS.cartLineQuantityMax);
    const session = await openPage(`/product/${shirt._id}`, { storage: shopper.storage });
    const { page } = session;
    // The browser logs the refused call's 400 itself.
    session.allowConsoleError(/status of 400/);
    await page
      .getByTestId('cart-count')
      .filter({ hasText: String(LIMITS.cartLineQuantityMax) })
      .waitFor();
    await chooseSizeAndAdd(page, size);
    await toast(page, `You can add at most ${LIMITS.cartLineQuantityMax} of an item in one size`);
    expect(await cartCount(page)).toBe(String(LIMITS.cartLineQuantityMax));
    expect(
      await page.getByRole('alert').filter({ hasText: 'Product added to the Cart' }).count(),
    ).toBe(0);
    expect(await serverCart(shopper.token)).toEqual({
      [shirt._id]: { [size]: LIMITS.cartLineQuantityMax },
    });
  });
});

describe('/cart', () => {
  it('lines, plus/minus/remove and totals, each change kept by the server', async () => {
    const shopper = await loggedInShopper();
    const [a, b] = [shirt.sizes[0]!, other.sizes[0]!];
    await setServerLine(shopper.token, shirt._id, a, 1);
    await setServerLine(shopper.token, other._id, b, 2);
    const { page } = await openPage('/cart', { storage: shopper.storage });

    await page.getByTestId('cart-line').nth(1).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    const shirtLine = line(page, shirt, a);
    expect(await shirtLine.getByRole('img', { name: shirt.name }).isVisible()).toBe(true);
    expect(await shirtLine.getByTestId('cart-line-price').innerText()).toBe(
      formatPrice(shirt.price),
    );
    expect(await readTotals(page)).toEqual(
      expectedTotals([
        [shirt, 1],
        [other, 2],
      ]),
    );
    expect(await cartCount(page)).toBe('3');

    // Minus stops at 1.
    const minus = shirtLine.getByRole('button', {
      name: `Decrease quantity of ${shirt.name}, size ${a}`,
    });
    expect(await minus.isDisabled()).toBe(true);
    await shirtLine
      .getByRole('button', { name: `Increase quantity of ${shirt.name}, size ${a}` })
      .click();
    await shirtLine
      .getByRole('button', { name: `Increase quantity of ${shirt.name}, size ${a}` })
      .click();
    await shirtLine.getByTestId('cart-line-quantity').filter({ hasText: '3' }).waitFor();
    expect(await minus.isDisabled()).toBe(false);
    await minus.click();
    await shirtLine.getByTestId('cart-line-quantity').filter({ hasText: '2' }).waitFor();
    expect(await readTotals(page)).toEqual(
      expectedTotals([
        [shirt, 2],
        [other, 2],
      ]),
    );
    expect(await cartCount(page)).toBe('4');
    await expect
      .poll(() => serverCart(shopper.token))
      .toEqual({ [shirt._id]: { [a]: 2 }, [other._id]: { [b]: 2 } });

    await snap(page, 'cart-filled-desktop');

    await line(page, other, b)
      .getByRole('button', { name: `Remove ${other.name}, size ${b} from the cart` })
      .click();
    await page.getByTestId('cart-line').nth(1).waitFor({ state: 'detached' });
    expect(await readTotals(page)).toEqual(expectedTotals([[shirt, 2]]));
    await expect.poll(() => serverCart(shopper.token)).toEqual({ [shirt._id]: { [a]: 2 } });

    await shirtLine
      .getByRole('button', { name: `Remove ${shirt.name}, size ${a} from the cart` })
      .click();
    await page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
    expect(await cartCount(page)).toBe('0');
    await expect.poll(() => serverCart(shopper.token)).toEqual({});
  });

  it('PROCEED TO CHECKOUT leads to /place-order', async () => {
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, shirt._id, shirt.sizes[0]!, 1);
    const { page } = await openPage('/cart', { storage: shopper.storage });
    await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL('**/place-order');
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`the empty state, for a visitor and for a shopper with nothing in the cart (${viewport})`, async () => {
      const visitor = await openPage('/cart', { viewport });
      await visitor.page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
      expect(
        await visitor.page.getByText("Looks like you haven't added anything yet.").isVisible(),
      ).toBe(true);
      expect(await visitor.page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).count()).toBe(
        0,
      );
      await snap(visitor.page, `cart-empty-${viewport}`);

      const shopper = await loggedInShopper();
      const { page } = await openPage('/cart', { viewport, storage: shopper.storage });
      await page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
    });
  }

  it('a filled cart at 360 px: every control within the screen', async () => {
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, shirt._id, shirt.sizes[0]!, 2);
    await setServerLine(shopper.token, other._id, other.sizes[1]!, 1);
    const { page } = await openPage('/cart', { viewport: 'mobile', storage: shopper.storage });
    await page.getByTestId('cart-line').nth(1).waitFor();
    expect(await readTotals(page)).toEqual(
      expectedTotals([
        [shirt, 2],
        [other, 1],
      ]),
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    for (const name of [/Increase quantity/, /Decrease quantity/, /Remove .* from the cart/]) {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await snap(page, 'cart-filled-mobile');
    // What a phone shows with the totals scrolled into view (the bottom bar gives way to their button).
    await page
      .getByRole('main')
      .getByRole('button', { name: 'PROCEED TO CHECKOUT' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/cart-totals-mobile-viewport.png' });
  });

  it('the cart survives a reload and is the same in a second tab', async () => {
    const shopper = await loggedInShopper();
    const size = shirt.sizes[1]!;
    const first = await openPage(`/product/${shirt._id}`, { storage: shopper.storage });
    await chooseSizeAndAdd(first.page, size);
    await toast(first.page, 'Product added to the Cart');
    await first.page.goto('/cart');
    await line(first.page, shirt, size).waitFor();

    await first.page.reload();
    await line(first.page, shirt, size)
      .getByTestId('cart-line-quantity')
      .filter({ hasText: '1' })
      .waitFor();
    expect(await cartCount(first.page)).toBe('1');

    const second = await first.context.newPage();
    await second.goto('/cart');
    await line(second, shirt, size)
      .getByTestId('cart-line-quantity')
      .filter({ hasText: '1' })
      .waitFor();
    expect(await cartCount(second)).toBe('1');
    // A change in the second tab shows in the first when it is opened again.
    await line(second, shirt, size)
      .getByRole('button', { name: /Increase quantity/ })
      .click();
    await expect.poll(() => serverCart(shopper.token)).toEqual({ [shirt._id]: { [size]: 2 } });
    await first.page.reload();
    await line(first.page, shirt, size)
      .getByTestId('cart-line-quantity')
      .filter({ hasText: '2' })
      .waitFor();
  });

  it('a logout in another tab empties the cart here; a login there loads it again', async () => {
    const shopper = await loggedInShopper();
    await setServerLine(shopper.token, shirt._id, shirt.sizes[0]!, 3);
    const { page } = await openPage('/', { storage: shopper.storage });
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    // What the browser tells this tab when another tab logs out / in (a \`storage\` event).
    await page.evaluate(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    await page.getByTestId('cart-count').filter({ hasText: '0' }).waitFor();
    await page.evaluate((token) => {
      window.localStorage.setItem('token', token);
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    }, shopper.token);
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
  });
});

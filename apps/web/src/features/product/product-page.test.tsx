import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart/cart';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { reset, setQueryData } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { WISHLIST_KEY } from '@/lib/wishlist/use-wishlist';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { ProductPage } from './product-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

// A product id is a uuid: the page asks for nothing else (docs/decisions/144-cart-edits.md).
const P1 = '5f0c2a1e-0b7d-4c61-9a3e-7d2b8c4e1f01';
const shirt = makeProduct({
  _id: P1,
  name: 'Linen Shirt',
  price: 1299,
  mrp: 1998,
  image: ['/a.webp', '/b.webp', '/c.webp'],
});
const sameKind = Array.from({ length: 6 }, (_, i) =>
  makeProduct({ _id: `r${i}`, name: `Related ${i}` }),
);

/** `reviews.list`'s answer: no review, or `count` of them averaging `average` (one decimal). */
function reviewsAnswer(count = 0, average = 0) {
  return {
    success: true,
    summary: {
      average,
      count,
      byStars: { 1: 0, 2: 0, 3: 0, 4: count, 5: 0 },
      fit: { small: 0, true: 0, large: 0 },
    },
    reviews: [],
    nextCursor: null,
  };
}

/** The shirt with `stock` (S, M, L), as the server now says. */
function withStock(stock: Record<string, number>) {
  setQueryData(catalogueKeys.product(P1), { ...shirt, stock });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`/product/${P1}`]}>
      <Routes>
        <Route path="/product/:productId" element={<ProductPage productId={P1} />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // What GET /api/product/:id and its related row answered (docs/decisions/146).
  setQueryData(catalogueKeys.product(P1), shirt);
  setQueryData(catalogueKeys.related(P1), [...sameKind.slice(0, 5)]);
  // The heart's list, read already: these tests are about the cart's calls (the heart's are in
  // components/wishlist/wishlist-heart.test.tsx).
  setQueryData(WISHLIST_KEY, { success: true, items: [] });
});
afterEach(() => {
  cleanup();
  reset('account');
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<ProductPage>', () => {
  it('shows name, the real rating, price, struck MRP and discount, and the notes', async () => {
    answerCalls((name) => (name === 'reviews.list' ? reviewsAnswer(12, 4.3) : {}));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeTruthy();
    // The real average as whole stars, its exact figure said; the count in parentheses.
    // The first call of the file loads the reviews group's answer check: allow it the time.
    const stars = await screen.findByRole('img', { name: 'Rated 4.3 out of 5' }, { timeout: 5000 });
    expect(stars.querySelectorAll('.fill-accent')).toHaveLength(4);
    expect(within(screen.getByTestId('rating-line')).getByText('(12)')).toBeTruthy();
    expect(screen.getAllByTestId('price-current')[0]?.textContent).toBe('₹1,299');
    expect(screen.getAllByTestId('price-original')[0]?.textContent).toBe('₹1,998');
    expect(screen.getAllByTestId('price-discount')[0]?.textContent).toBe('35% off');
    expect(screen.getByText('100% original product.')).toBeTruthy();
    expect(screen.getByText('Cash on delivery is available on this product.')).toBeTruthy();
    expect(screen.getByText('Easy return and exchange policy within 7 days.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reviews (12)' })).toBeTruthy();
    expect(document.title).toBe('Linen Shirt | Vastra');
  });

  it('a product without reviews says "No reviews yet" instead of a rating', async () => {
    answerCalls((name) => (name === 'reviews.list' ? reviewsAnswer() : {}));
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('rating-line').textContent).toBe('No reviews yet'),
    );
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Reviews (0)' })).toBeTruthy();
  });

  it('thumbnails choose the main picture, by click and by arrow keys', () => {
    renderPage();
    const main = screen.getByTestId('product-main-image');
    expect(main.getAttribute('src')).toBe('/a.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(main.getAttribute('src')).toBe('/c.webp');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Show picture 3 of 3' }), {
      key: 'ArrowRight',
    });
    expect(main.getAttribute('src')).toBe('/a.webp');
    expect(
      screen.getByRole('button', { name: 'Show picture 1 of 3' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('asks for its product and its related row by id, never the whole list', async () => {
    reset(catalogueKeys.product(P1));
    reset(catalogueKeys.related(P1));
    const server = answerCalls((name, sent) => {
      if (name === 'catalog.product' && sent.params?.id === P1)
        return { success: true, product: shirt };
      if (name === 'catalog.related' && sent.params?.id === P1)
        return { success: true, products: [sameKind[5]] };
      if (name === 'reviews.list') return reviewsAnswer();
      throw new Error(`unexpected call ${name}`);
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeTruthy();
    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(within(related).getByRole('heading', { level: 3 }).textContent).toBe('Related 5');
    expect(
      server.mock.calls
        .map(([name]) => name)
        .filter((name) => name !== 'reviews.list')
        .sort(),
    ).toEqual(['catalog.product', 'catalog.related']);
  });

  it('shows the related row the server chose', () => {
    renderPage();
    const related = within(screen.getByRole('list', { name: 'Related products' })).getAllByRole(
      'heading',
      { level: 3 },
    );
    expect(related.map((h) => h.textContent)).toEqual([
      'Related 0',
      'Related 1',
      'Related 2',
      'Related 3',
      'Related 4',
    ]);
  });

  it('ADD TO CART without a size: "Select Product Size"', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Select Product Size');
    expect(cartStore.get()).toEqual({});
  });

  it('ADD TO CART logged out: the info message and /login', () => {
    renderPage();
    const m = screen.getByRole('button', { name: 'M' });
    fireEvent.click(m);
    expect(m.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(notify.info).toHaveBeenCalledExactlyOnceWith('Please login to add items to cart');
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(cartStore.get()).toEqual({});
  });

  it('ADD TO CART logged in: added locally at once, sent to the server, then the success message', async () => {
    setToken('t');
    let answer: (value: unknown) => void = () => {};
    const server = answerCalls((name) =>
      name === 'reviews.list' ? reviewsAnswer() : new Promise((resolve) => (answer = resolve)),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get()).toEqual({ [P1]: { L: 1 } });
    await waitFor(() =>
      expect(sentTo(server, 'cart.add')).toEqual([{ body: { itemId: P1, size: 'L' } }]),
    );
    expect(notify.success).not.toHaveBeenCalled();
    answer({ success: true, message: 'Product added to the Cart', quantity: 1 });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledExactlyOnceWith('Product added to the Cart'),
    );
    expect(cartStore.get()).toEqual({ [P1]: { L: 1 } });
  });

  it('ADD TO CART refused by the server: the local change is undone and the message shown', async () => {
    setToken('t');
    cartStore.set({ [P1]: { L: 10 }, r1: { M: 1 } });
    answerCalls((name) => {
      if (name === 'reviews.list') return reviewsAnswer();
      throw new ApiError('http', 'You can add at most 10 of an item in one size', {
        status: 400,
        serverMessage: 'You can add at most 10 of an item in one size',
      });
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get()).toEqual({ [P1]: { L: 11 }, r1: { M: 1 } });
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(
        'You can add at most 10 of an item in one size',
      ),
    );
    expect(cartStore.get()).toEqual({ [P1]: { L: 10 }, r1: { M: 1 } });
    expect(notify.success).not.toHaveBeenCalled();
  });

  describe('stock per size', () => {
    it('a sold-out size is struck through, named "sold out", reachable by Tab, and cannot be chosen', () => {
      withStock({ S: 0, M: 4, L: 10 });
      renderPage();
      const s = screen.getByRole('button', { name: 'S, sold out' });
      expect(s.getAttribute('aria-disabled')).toBe('true');
      expect(s.className).toContain('line-through');
      expect(s.tabIndex).toBe(0);
      fireEvent.click(s);
      expect(s.getAttribute('aria-pressed')).toBe('false');
      fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
      expect(notify.error).toHaveBeenCalledExactlyOnceWith('Select Product Size');
      expect(cartStore.get()).toEqual({});
      // The sizes on sale are named as before.
      expect(screen.getByRole('button', { name: 'M' }).getAttribute('aria-disabled')).toBeNull();
    });

    it('"Only N left" for the chosen size from 5 units down to 1, nothing above 5', () => {
      withStock({ S: 1, M: 5, L: 6 });
      renderPage();
      const note = screen.getByTestId('stock-note');
      expect(note.textContent).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'M' }));
      expect(note.textContent).toBe('Only 5 left');
      fireEvent.click(screen.getByRole('button', { name: 'S' }));
      expect(note.textContent).toBe('Only 1 left');
      fireEvent.click(screen.getByRole('button', { name: 'L' }));
      expect(note.textContent).toBe('');
    });

    it('every size at 0: SOLD OUT instead of ADD TO CART, with the reason', () => {
      withStock({ S: 0, M: 0, L: 0 });
      renderPage();
      expect(screen.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
      const button = screen.getByRole('button', { name: 'SOLD OUT' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(screen.getByText('Every size of this product is sold out for now.').id).toBe(
        button.getAttribute('aria-describedby'),
      );
      for (const size of ['S', 'M', 'L'])
        expect(screen.getByRole('button', { name: `${size}, sold out` })).toBeTruthy();
    });

    it('a 409 "Only 2 left" refusal shows its message and reads the catalogue again, which then shows 2 left', async () => {
      setToken('t');
      withStock({ S: 10, M: 10, L: 10 });
      cartStore.set({ [P1]: { M: 2 } });
      const server = answerCalls((name) => {
        if (name === 'catalog.product')
          return { success: true, product: { ...shirt, stock: { S: 10, M: 2, L: 10 } } };
        if (name === 'catalog.related') return { success: true, products: [] };
        if (name === 'reviews.list') return reviewsAnswer();
        throw new ApiError('http', 'Only 2 left in size M', {
          status: 409,
          serverMessage: 'Only 2 left in size M',
        });
      });
      renderPage();
      fireEvent.click(screen.getByRole('button', { name: 'M' }));
      expect(screen.getByTestId('stock-note').textContent).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
      await waitFor(() =>
        expect(notify.error).toHaveBeenCalledExactlyOnceWith('Only 2 left in size M'),
      );
      await waitFor(() => expect(screen.getByTestId('stock-note').textContent).toBe('Only 2 left'));
      // The product and its row are read again; never the whole list.
      expect(
        server.mock.calls
          .map(([name]) => name)
          .filter((name) => name !== 'reviews.list')
          .sort(),
      ).toEqual(['cart.add', 'catalog.product', 'catalog.related']);
      expect(cartStore.get()).toEqual({ [P1]: { M: 2 } });
    });
  });
});

describe('<ProductPage> delivery check', () => {
  it('sits under ADD TO CART and checks the remembered PIN code as the page opens', async () => {
    window.localStorage.setItem('vastra.deliveryPin', '110001');
    answerCalls(() => ({
      success: true,
      check: {
        pin: '110001',
        district: 'New Delhi',
        state: 'Delhi',
        serviceable: true,
        cashOnDelivery: true,
        deliverBy: { from: Date.UTC(2026, 10, 26, 6), to: Date.UTC(2026, 11, 4, 6) },
      },
    }));
    renderPage();
    const box = screen.getByTestId('delivery-check');
    const addButton = screen.getByRole('button', { name: 'ADD TO CART' });
    expect(addButton.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((await within(box).findByTestId('delivery-window')).textContent).toBe(
      'Delivery by Thu, 26 Nov – Fri, 4 Dec',
    );
    window.localStorage.clear();
  });
});

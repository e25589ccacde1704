import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart/cart';
import { CATALOGUE_KEY } from '@/lib/products-store';
import { reset, setQueryData } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { WISHLIST_KEY } from '@/lib/wishlist/use-wishlist';
import { answerCalls } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { ProductPage } from './product-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const shirt = makeProduct({
  _id: 'p1',
  name: 'Linen Shirt',
  price: 1299,
  mrp: 1998,
  image: ['/a.webp', '/b.webp', '/c.webp'],
});
const sameKind = Array.from({ length: 6 }, (_, i) =>
  makeProduct({ _id: `r${i}`, name: `Related ${i}` }),
);
const otherBrand = makeProduct({ _id: 'o1', name: 'Other brand', subCategory: 'SPYKAR' });

/** The shirt with `stock` (S, M, L), as the catalogue now says. */
function withStock(stock: Record<string, number>) {
  setQueryData(CATALOGUE_KEY, [sameKind[0]!, { ...shirt, stock }, otherBrand]);
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/product/p1']}>
      <Routes>
        <Route path="/product/:productId" element={<ProductPage productId="p1" />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setQueryData(CATALOGUE_KEY, [sameKind[0]!, shirt, otherBrand, ...sameKind.slice(1)]);
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
  it('shows name, fixed rating, price, struck MRP and discount, and the notes', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Rated 4 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('(122)').length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('price-current')[0]?.textContent).toBe('₹1,299');
    expect(screen.getAllByTestId('price-original')[0]?.textContent).toBe('₹1,998');
    expect(screen.getAllByTestId('price-discount')[0]?.textContent).toBe('35% off');
    expect(screen.getByText('100% original product.')).toBeTruthy();
    expect(screen.getByText('Cash on delivery is available on this product.')).toBeTruthy();
    expect(screen.getByText('Easy return and exchange policy within 7 days.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reviews (122)' })).toBeTruthy();
    expect(document.title).toBe('Linen Shirt | Vastra');
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

  it('shows up to 5 related products of the same category and brand, not itself', () => {
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
    const server = answerCalls(() => new Promise((resolve) => (answer = resolve)));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get()).toEqual({ p1: { L: 1 } });
    await waitFor(() =>
      expect(server).toHaveBeenCalledExactlyOnceWith('cart.add', {
        body: { itemId: 'p1', size: 'L' },
      }),
    );
    expect(notify.success).not.toHaveBeenCalled();
    answer({ success: true, message: 'Product added to the Cart', quantity: 1 });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledExactlyOnceWith('Product added to the Cart'),
    );
    expect(cartStore.get()).toEqual({ p1: { L: 1 } });
  });

  it('ADD TO CART refused by the server: the local change is undone and the message shown', async () => {
    setToken('t');
    cartStore.set({ p1: { L: 10 }, r1: { M: 1 } });
    answerCalls(() => {
      throw new ApiError('http', 'You can add at most 10 of an item in one size', {
        status: 400,
        serverMessage: 'You can add at most 10 of an item in one size',
      });
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get()).toEqual({ p1: { L: 11 }, r1: { M: 1 } });
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(
        'You can add at most 10 of an item in one size',
      ),
    );
    expect(cartStore.get()).toEqual({ p1: { L: 10 }, r1: { M: 1 } });
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
      cartStore.set({ p1: { M: 2 } });
      const server = answerCalls((name) => {
        if (name === 'catalog.list')
          return { success: true, products: [{ ...shirt, stock: { S: 10, M: 2, L: 10 } }] };
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
      expect(server.mock.calls.map(([name]) => name)).toEqual(['cart.add', 'catalog.list']);
      expect(cartStore.get()).toEqual({ p1: { M: 2 } });
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

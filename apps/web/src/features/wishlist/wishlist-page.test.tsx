import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { WishlistEntry } from '@vastra/shared/schemas/wishlist';
import { ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart/cart';
import { reset } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo, type ServerAnswer } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { WishlistPage } from './wishlist-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const shirt = makeProduct({
  _id: 'p1',
  name: 'Linen Shirt',
  price: 1299,
  mrp: 1998,
  sizes: ['S', 'M', 'L'],
  stock: { S: 0, M: 3, L: 5 },
});
const saved = (product = shirt): WishlistEntry => ({
  productId: product._id,
  addedAt: 2,
  product,
  name: product.name,
  image: product.image[0] ?? null,
});
const gone: WishlistEntry = {
  productId: 'p9',
  addedAt: 1,
  product: null,
  name: 'Old Kurta',
  image: '/uploads/products/p9-1.webp',
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/wishlist']}>
      <Routes>
        <Route path="/wishlist" element={<WishlistPage />} />
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/collection" element={<p>Collection page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const items = () => screen.getAllByTestId('wishlist-item');

beforeEach(() => setToken('t'));
afterEach(() => {
  cleanup();
  clearToken();
  clearCart();
  reset('account');
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<WishlistPage>', () => {
  it('a visitor is sent to /login', () => {
    clearToken();
    renderPage();
    expect(screen.getByText('Login page')).toBeTruthy();
  });

  it('lists saved products with price and MRP; a removed one greyed, named, with Remove only', async () => {
    answerCalls(() => ({ success: true, items: [saved(), gone] }));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [live, removed] = items() as [HTMLElement, HTMLElement];
    expect(
      within(live)
        .getByRole('link', { name: /Linen Shirt/ })
        .getAttribute('href'),
    ).toBe('/product/linen-shirt-p1');
    expect(within(live).getByTestId('price-current').textContent).toBe('₹1,299');
    expect(within(live).getByTestId('price-original').textContent).toBe('₹1,998');
    expect(within(live).getByRole('button', { name: 'Move to cart' })).toBeTruthy();
    expect(within(removed).getByText('This product is no longer available')).toBeTruthy();
    expect(within(removed).queryByRole('link')).toBeNull();
    expect(
      within(removed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove']);
    expect(within(removed).getByRole('img', { name: 'Old Kurta' }).className).toContain(
      'grayscale',
    );
  });

  it('Move to cart asks for a size with stock, moves it, says so and reads the cart again', async () => {
    let listed = [saved()];
    const answer: ServerAnswer = (name) => {
      if (name === 'wishlist.list') return { success: true, items: listed };
      if (name === 'wishlist.moveToCart') {
        listed = [];
        return { success: true, items: listed, message: 'Moved to your cart' };
      }
      if (name === 'cart.get') return { success: true, cartData: { p1: { L: 1 } } };
      throw new Error(`unexpected call ${name}`);
    };
    const server = answerCalls(answer);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Move to cart' }));
    const chips = within(screen.getByRole('group', { name: 'Choose a size' })).getAllByRole(
      'button',
    );
    // S is sold out: only M and L are offered, and Cancel.
    expect(chips.map((b) => b.textContent)).toEqual(['M', 'L', 'Cancel']);
    expect(document.activeElement).toBe(chips[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Move Linen Shirt to the cart in size L' }));
    await screen.findByText('Your wishlist is empty');
    expect(sentTo(server, 'wishlist.moveToCart')).toEqual([
      { params: { productId: 'p1' }, body: { size: 'L' } },
    ]);
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Moved to your cart');
    await waitFor(() => expect(cartStore.get()).toEqual({ p1: { L: 1 } }));
    expect(screen.getByRole('link', { name: 'BROWSE THE COLLECTION' }).getAttribute('href')).toBe(
      '/collection',
    );
  });

  it('a refused move keeps the product listed and shows why', async () => {
    answerCalls((name) => {
      if (name === 'wishlist.list') return { success: true, items: [saved()] };
      throw new ApiError('http', 'Only 3 left in size M', {
        status: 409,
        serverMessage: 'Only 3 left in size M',
      });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Move to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Linen Shirt to the cart in size M' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith('Only 3 left in size M'),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(cartStore.get()).toEqual({});
  });

  it('Remove takes it off as the server answers', async () => {
    const server = answerCalls((name) =>
      name === 'wishlist.list'
        ? { success: true, items: [saved(), gone] }
        : { success: true, items: [saved()], message: 'Removed from your wishlist' },
    );
    renderPage();
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old Kurta' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(sentTo(server, 'wishlist.remove')).toEqual([{ params: { productId: 'p9' } }]);
    expect(notify.success).toHaveBeenCalledWith('Removed from your wishlist');
  });

  it('a failed load says so with a retry, which loads the list', async () => {
    let fail = true;
    answerCalls(() => {
      if (fail) throw new ApiError('http', 'Something went wrong', { status: 500 });
      return { success: true, items: [saved()] };
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your wishlist.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});

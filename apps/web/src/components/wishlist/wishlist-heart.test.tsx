import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { reset } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { WishlistHeart } from './wishlist-heart';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const shirt = makeProduct({ _id: 'p1', name: 'Linen Shirt' });
const entry = { productId: 'p1', addedAt: 1, product: shirt, name: shirt.name, image: null };

function renderHeart() {
  return render(
    <MemoryRouter initialEntries={['/product/p1']}>
      <Routes>
        <Route path="/product/:productId" element={<WishlistHeart productId="p1" />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  clearToken();
  reset('account');
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<WishlistHeart>', () => {
  it('a visitor: the login message and /login, nothing sent', () => {
    const server = answerCalls(() => {
      throw new Error('no call expected');
    });
    renderHeart();
    const heart = screen.getByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(notify.info).toHaveBeenCalledExactlyOnceWith(
      'Please login to save items to your wishlist',
    );
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(server).not.toHaveBeenCalled();
  });

  it('logged in: pressed when listed; pressing saves, then removes, each as the server answers', async () => {
    setToken('t');
    let listed = false;
    const server = answerCalls((name) => {
      if (name === 'wishlist.add') listed = true;
      if (name === 'wishlist.remove') listed = false;
      const items = listed ? [entry] : [];
      if (name === 'wishlist.list') return { success: true, items };
      return {
        success: true,
        items,
        message: listed ? 'Added to your wishlist' : 'Removed from your wishlist',
      };
    });
    renderHeart();
    // Pressed while the first read of the list is still on its way: its older answer must not
    // undo the change's.
    await waitFor(() => expect(sentTo(server, 'wishlist.list')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(sentTo(server, 'wishlist.add')).toEqual([{ body: { productId: 'p1' } }]);
    expect(notify.success).toHaveBeenCalledWith('Added to your wishlist');

    fireEvent.click(pressed);
    await screen.findByRole('button', { name: 'Save to wishlist' });
    expect(sentTo(server, 'wishlist.remove')).toEqual([{ params: { productId: 'p1' } }]);
    expect(notify.success).toHaveBeenLastCalledWith('Removed from your wishlist');
  });

  it("a refusal shows the server's message and the heart stays as it was", async () => {
    setToken('t');
    answerCalls((name) => {
      if (name === 'wishlist.list') return { success: true, items: [] };
      throw new ApiError('http', 'Your wishlist can hold up to 100 products.', {
        status: 409,
        serverMessage: 'Your wishlist can hold up to 100 products. Please remove one first.',
      });
    });
    renderHeart();
    fireEvent.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(
        'Your wishlist can hold up to 100 products. Please remove one first.',
      ),
    );
    expect(
      screen.getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });
});

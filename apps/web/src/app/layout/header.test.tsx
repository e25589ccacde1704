import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { addToLocalCart, clearCart } from '@/lib/cart/cart';
import { closeSearch, searchStore } from '@/lib/search-store';
import { Header } from './header';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  clearCart();
  closeSearch();
});

describe('<Header>', () => {
  it('marks the active link', () => {
    renderAt('/collection');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const active = nav.querySelector('[aria-current="page"]');
    expect(active?.textContent).toBe('COLLECTION');
  });

  it('shows the cart count as the sum of quantities', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    act(() => {
      addToLocalCart('p1', 'M');
      addToLocalCart('p1', 'M');
      addToLocalCart('p2', '32');
    });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
  });

  it('the search icon opens the search bar and goes to /collection', () => {
    renderAt('/product/abc');
    fireEvent.click(screen.getByRole('button', { name: 'Search products' }));
    expect(searchStore.get().visible).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/collection');
  });

  it('the mobile menu takes focus, closes on Escape and gives focus back', async () => {
    renderAt('/');
    const open = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(open);
    // Its code loads on the first tap (docs/decisions/111).
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('the profile icon leads to /login while logged out', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Account: log in' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});

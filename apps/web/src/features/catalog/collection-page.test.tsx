import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { api, ApiError } from '@/lib/api-client';
import { CATALOGUE_KEY } from '@/lib/products-store';
import { reset, setQueryData } from '@/lib/query';
import { closeSearch, openSearch, setSearchText } from '@/lib/search-store';
import { makeProduct } from '@/test-fixtures';
import { CollectionPage } from './collection-page';

const products = [
  makeProduct({
    _id: 'a',
    name: 'Linen Shirt',
    price: 1499,
    category: 'SHIRTS',
    subCategory: 'ALLEN SOLLY',
  }),
  makeProduct({
    _id: 'b',
    name: 'Graphic Tee',
    price: 599,
    category: 'T-SHIRTS',
    subCategory: 'SNITCH',
  }),
  makeProduct({
    _id: 'c',
    name: 'Cargo Pants',
    price: 2499,
    category: 'PANTS',
    subCategory: 'SPYKAR',
  }),
];

function Query() {
  return <p data-testid="query">{useLocation().search}</p>;
}

function renderAt(path = '/collection') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/collection"
          element={
            <>
              <CollectionPage />
              <Query />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

beforeEach(() => setQueryData(CATALOGUE_KEY, products));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  closeSearch();
  setSearchText('');
});

describe('<CollectionPage>', () => {
  it('shows skeleton cards while the list loads', () => {
    reset(CATALOGUE_KEY);
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    renderAt();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy();
    expect(screen.getByTestId('product-count').textContent).toBe('Loading products…');
  });

  it('lists every product at the default (top) price position, dearer ones too, with the count', () => {
    renderAt();
    expect(cardNames()).toEqual(['Linen Shirt', 'Graphic Tee', 'Cargo Pants']);
    expect(screen.getByTestId('product-count').textContent).toBe('3 products');
    expect(screen.getByText('Any price')).toBeTruthy();
  });

  it('filters by checkbox and keeps the filters in the address', () => {
    renderAt();
    fireEvent.click(screen.getByLabelText('T-Shirts'));
    expect(cardNames()).toEqual(['Graphic Tee']);
    // Mirrored into the browser's address without a router navigation (see collection-page.tsx).
    expect(window.location.search).toBe('?category=T-SHIRTS');
    fireEvent.click(screen.getByLabelText('Allen Solly'));
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
    expect(screen.getByText('No products match your filters.')).toBeTruthy();
  });

  it('reads filters and sort from the address', () => {
    renderAt('/collection?price=1500&sort=low-high');
    expect(cardNames()).toEqual(['Graphic Tee', 'Linen Shirt']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('low-high');
    expect(screen.getByText('Up to ₹1,500')).toBeTruthy();
  });

  it('ignores a price outside the slider range in the address', () => {
    renderAt('/collection?price=2500&sort=high-low');
    expect(cardNames()).toEqual(['Cargo Pants', 'Linen Shirt', 'Graphic Tee']);
    expect(screen.getByText('Any price')).toBeTruthy();
  });

  it('the price slider filters price ≤ value and shows the value', () => {
    renderAt();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '600' } });
    expect(cardNames()).toEqual(['Graphic Tee']);
    expect(screen.getByText('Up to ₹600')).toBeTruthy();
  });

  it('the search bar shows only while its flag is on, and searches only then', () => {
    setSearchText('linen');
    renderAt();
    expect(screen.queryByRole('search')).toBeNull();
    expect(cardNames()).toEqual(['Linen Shirt', 'Graphic Tee', 'Cargo Pants']);
    act(() => openSearch());
    expect(screen.getByRole('search')).toBeTruthy();
    expect(cardNames()).toEqual(['Linen Shirt']);
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('search')).toBeNull();
    expect(cardNames()).toEqual(['Linen Shirt', 'Graphic Tee', 'Cargo Pants']);
  });

  it('says why when the catalogue could not be loaded, with a retry', async () => {
    reset(CATALOGUE_KEY);
    const get = vi
      .spyOn(api, 'call')
      .mockRejectedValue(new ApiError('http', 'No response from server.', { status: 503 }));
    renderAt();
    const alert = await screen.findByRole('alert');
    // A refusal is not tried again; it is shown on the page and as a toast (docs/product.md §8).
    expect(get).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('No response from server.');
    expect(alert.textContent).toContain(
      'We could not load the collection. No response from server.',
    );
    expect(within(alert).getByRole('button', { name: 'TRY AGAIN' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
  });

  it('the mobile FILTERS toggle reports whether the panel is open', () => {
    renderAt();
    const toggle = screen.getByRole('button', { name: /FILTERS/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { getQueryData } from '@/lib/query';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeAdminProduct } from '../admin-test-fixtures';
import { productKey } from '../admin-keys';
import { ProductsPage } from './products-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const shirt = makeAdminProduct(
  { _id: 'p1', name: 'Linen Shirt' },
  { S: [12, 0], M: [2, 2], L: [3, 0] },
);
const chinos = makeAdminProduct({ _id: 'p2', name: 'Slim Chinos' }, { '30': [8, 0] });

function listServer() {
  return answerCalls((name, sent) => {
    if (name !== 'admin.productList') throw new Error(`unexpected call ${name}`);
    const products = sent.query?.sort === 'stock' ? [shirt, chinos] : [chinos, shirt];
    return { success: true, products, page: 1, pageSize: 20, total: 2 };
  });
}

function renderList(path = '/admin/products') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/products" element={<ProductsPage />} />
        <Route path="/admin/products/:id" element={<p>Edit page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('admin-product');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('products list: stock', () => {
  it('each row says what every size has available, marks the sold-out ones and totals it', async () => {
    listServer();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = within(rows()[1]!);
    const stock = row.getByTestId('admin-product-stock');
    expect(stock.textContent).toContain('Available per size: S 12 · M 0 · L 3');
    expect(row.getByTestId('admin-product-available').textContent).toBe('15 available');
    expect(stock.textContent).toContain('2 held');
    expect(stock.textContent).toContain('Sold out: M');
    // The sold-out size is struck through and titled so.
    expect(within(stock).getByTitle('Sold out').textContent).toBe('M 0');
    expect(within(rows()[0]!).getByTestId('admin-product-stock').textContent).not.toContain(
      'Sold out',
    );
  });

  it('"Lowest stock" asks the API for sort=stock and keeps it in the address', async () => {
    const spy = listServer();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const lowest = screen.getByRole('button', { name: 'Lowest stock' });
    expect(lowest.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(lowest);
    await waitFor(() => expect(within(rows()[0]!).getByText('Linen Shirt')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Lowest stock' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(sentTo(spy, 'admin.productList').at(-1)!.query).toMatchObject({ sort: 'stock' });
    expect(sentTo(spy, 'admin.productList')[0]!.query).not.toHaveProperty('sort');
    expect(screen.getByRole('status').textContent).toBe('2 products, lowest stock first');
  });

  it('Edit puts the row in the cache, so the form opens on it at once', async () => {
    listServer();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: 'Edit Linen Shirt' }));
    expect(screen.getByText('Edit page')).toBeTruthy();
    expect(getQueryData(productKey('p1'))).toEqual(shirt);
  });
});

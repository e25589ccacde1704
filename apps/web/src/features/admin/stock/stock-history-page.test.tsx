import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StockMovement } from '@vastra/shared/schemas/stock';
import { setQueryData } from '@/lib/query';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeAdminProduct, productReadAnswer } from '../admin-test-fixtures';
import { productKey } from '../admin-keys';
import { StockHistoryPage } from './stock-history-page';

const shirt = makeAdminProduct(
  { _id: 'p1', name: 'Linen Shirt' },
  { S: [12, 0], M: [0, 0], L: [3, 1] },
);
const at = Date.UTC(2026, 10, 22, 6, 30); // 22 Nov 2026, 12:00 pm in India

function movement(n: number, over: Partial<StockMovement>): StockMovement {
  return {
    _id: `m${n}`,
    at: at - n * 60_000,
    size: 'M',
    onHandChange: 0,
    heldChange: 0,
    reason: 'seed',
    orderId: null,
    actor: 'system',
    ...over,
  };
}

const PAGE_1 = [
  movement(0, {
    reason: 'order_sold',
    onHandChange: -1,
    heldChange: -1,
    orderId: 'abcd1234-0000',
    actor: 'shopper',
  }),
  movement(1, { reason: 'order_held', heldChange: 1, orderId: 'abcd1234-0000', actor: 'shopper' }),
  movement(2, { reason: 'admin', onHandChange: -11, actor: 'owner@vastra.example.com' }),
];
const PAGE_2 = [movement(3, { onHandChange: 12 })];

function renderAt(path = '/admin/products/p1/stock') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/products/:id/stock" element={<StockHistoryPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<StockHistoryPage>', () => {
  it('answers "where did my 12 M shirts go?": each change in words, newest first, paged', async () => {
    const spy = answerCalls((name, sent) => {
      const read = productReadAnswer(shirt, name);
      if (read) return read;
      if (name !== 'admin.stockMovements') throw new Error(`unexpected call ${name}`);
      const page = Number(sent.query?.page);
      return {
        success: true,
        movements: page === 2 ? PAGE_2 : PAGE_1,
        page,
        pageSize: 3,
        total: 4,
      };
    });
    setQueryData(productKey('p1'), shirt);
    renderAt();
    expect(screen.getByRole('heading', { name: 'Stock history' })).toBeTruthy();
    expect(screen.getByText('Linen Shirt')).toBeTruthy();
    expect(screen.getByLabelText('Stock now').textContent).toContain(
      'M0 on hand · 0 held · 0 available',
    );

    await waitFor(() => expect(screen.getAllByTestId('stock-movement')).toHaveLength(3));
    expect(sentTo(spy, 'admin.stockMovements')[0]).toMatchObject({
      params: { id: 'p1' },
      query: { page: 1 },
    });
    const table = screen.getByRole('table', { name: 'Stock changes of Linen Shirt, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Size', 'On hand', 'Held', 'Why', 'Order', 'By']);
    const cells = (n: number) =>
      within(screen.getAllByTestId('stock-movement')[n]!)
        .getAllByRole('cell')
        .map((cell) => cell.lastElementChild?.textContent);
    expect(cells(0)).toEqual([
      '22 Nov 2026, 12:00 pm',
      'M',
      '−1',
      '−1',
      'Sold',
      '#ABCD1234',
      'Shopper',
    ]);
    expect(cells(1).slice(2)).toEqual([
      '—',
      '+1',
      'Held for an unpaid order',
      '#ABCD1234',
      'Shopper',
    ]);
    expect(cells(2).slice(2)).toEqual([
      '−11',
      '—',
      'Stock changed by staff',
      '—',
      'owner@vastra.example.com',
    ]);
    expect(screen.getByText('4 changes, newest first')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('stock-movement')).toHaveLength(1));
    expect(cells(0).slice(2)).toEqual(['+12', '—', 'Opening stock', '—', 'Shop (automatic)']);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('no changes yet: says so', async () => {
    answerCalls((name) => {
      if (name === 'admin.stockMovements')
        return { success: true, movements: [], page: 1, pageSize: 20, total: 0 };
      return productReadAnswer(shirt, name);
    });
    setQueryData(productKey('p1'), shirt);
    renderAt();
    await screen.findByText('No stock changes yet');
  });
});

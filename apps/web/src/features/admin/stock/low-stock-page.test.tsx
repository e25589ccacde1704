import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { LowStockRow } from '@vastra/shared/schemas/stock';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { LowStockPage } from './low-stock-page';

const ROWS: LowStockRow[] = [
  {
    productId: 'p1',
    name: 'Linen Shirt',
    image: '/uploads/products/p1-1.webp',
    size: 'M',
    onHand: 3,
    held: 3,
    available: 0,
  },
  {
    productId: 'p2',
    name: 'Slim Chinos',
    image: null,
    size: '32',
    onHand: 2,
    held: 0,
    available: 2,
  },
];

function renderAt(path = '/admin/stock') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/stock" element={<LowStockPage />} />
        <Route path="/admin/products/:id" element={<p>Edit page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<LowStockPage>', () => {
  it('lists each size at or below 5, fewest first, with the way to its product', async () => {
    const spy = answerCalls((name, sent) => {
      if (name !== 'admin.stockLow') throw new Error(`unexpected call ${name}`);
      return { success: true, rows: Number(sent.query?.threshold) >= 2 ? ROWS : ROWS.slice(0, 1) };
    });
    renderAt();
    expect(screen.getByRole('status', { name: 'Loading the low stock' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('low-stock-row')).toHaveLength(2));
    expect(sentTo(spy, 'admin.stockLow')[0]!.query).toEqual({ threshold: 5 });
    const [first, second] = screen.getAllByTestId('low-stock-row') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Linen Shirt');
    expect(first.textContent).toContain('AvailableSold out');
    expect(second.textContent).toContain('32');
    expect(within(first).getByRole('link', { name: 'Edit Linen Shirt' }).getAttribute('href')).toBe(
      '/admin/products/p1',
    );
    expect(
      within(second)
        .getByRole('link', { name: 'Stock history of Slim Chinos' })
        .getAttribute('href'),
    ).toBe('/admin/products/p2/stock');
    expect(screen.getByText('2 sizes with 5 units or fewer available, fewest first')).toBeTruthy();

    // Another threshold: checked with the API's message, then asked for.
    const box = screen.getByLabelText('Available at most') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    await screen.findByText('threshold must be a whole number from 0 to 100000');
    fireEvent.change(box, { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    await waitFor(() => expect(screen.getAllByTestId('low-stock-row')).toHaveLength(1));
    expect(sentTo(spy, 'admin.stockLow').at(-1)!.query).toEqual({ threshold: 0 });
  });

  it('nothing low: says so; a failed load says why with a retry', async () => {
    let fail = true;
    answerCalls(() => {
      if (fail) throw new ApiError('http', 'Server error', { status: 500 });
      return { success: true, rows: [] };
    });
    renderAt('/admin/stock?threshold=1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the low stock');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await screen.findByText('Nothing is running low');
    expect(
      screen.getByText('Every size of every product has more than 1 unit available.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Available at most') as HTMLInputElement).value).toBe('1');
  });
});

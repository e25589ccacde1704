import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { answerCalls, sentTo } from '@/test/api-answers';
import { OverviewPage } from './overview-page';

const OVERVIEW = {
  success: true,
  overview: {
    today: { orders: 1, revenue: 1348, from: '2026-11-21T18:30:00.000Z' },
    week: { orders: 4, revenue: 5200, from: '2026-11-15T18:30:00.000Z' },
    waitingForPacking: 2,
    basis: {
      timeZone: 'Asia/Kolkata',
      weekStartsOn: 'Monday',
      orders: 'Orders placed',
      revenue: 'Paid orders',
      waitingForPacking: 'Placed, not packed',
    },
  },
};
const row = (size: string, available: number) => ({
  productId: 'p1',
  name: 'Linen Shirt',
  image: null,
  size,
  onHand: available,
  held: 0,
  available,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<OverviewPage> low stock', () => {
  it('counts the sizes at or below 5 (the sold-out ones apart) and leads to the low-stock view', async () => {
    const spy = answerCalls((name) =>
      name === 'admin.stockLow'
        ? { success: true, rows: [row('M', 0), row('L', 2), row('S', 5)] }
        : OVERVIEW,
    );
    render(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('overview-low-stock').textContent).toBe('3'));
    expect(screen.getByText('1 sold out')).toBeTruthy();
    expect(sentTo(spy, 'admin.stockLow')[0]!.query).toEqual({ threshold: 5 });
    expect(screen.getByRole('link', { name: 'See low stock' }).getAttribute('href')).toBe(
      '/admin/stock',
    );
  });
});

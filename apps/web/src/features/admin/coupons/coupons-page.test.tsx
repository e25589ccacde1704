import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AdminCoupon } from '@vastra/shared/schemas/admin';
import { answerCalls } from '@/test/api-answers';
import { CouponsPage } from './coupons-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

function coupon(code: string, redemptions: number, held: number): AdminCoupon {
  return {
    _id: code.toLowerCase(),
    code,
    kind: 'percent',
    percent: 10,
    minSubtotal: 0,
    maxEarlierOrders: null,
    oncePerAccount: false,
    hidden: false,
    active: true,
    redemptions,
    held,
    description: `${code} offer`,
    createdAt: Date.UTC(2026, 10, 1),
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<CouponsPage> uses', () => {
  it('shows redeemed uses and uses held by unpaid orders apart', async () => {
    answerCalls(() => ({
      success: true,
      coupons: [coupon('VASTRA10', 3, 1), coupon('FREESHIP', 0, 0)],
    }));
    render(
      <MemoryRouter>
        <CouponsPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('admin-coupon')).toHaveLength(2));
    const uses = (code: string) =>
      within(screen.getByRole('article', { name: `Coupon ${code}` })).getByTestId(
        'admin-coupon-uses',
      ).textContent;
    expect(uses('VASTRA10')).toBe('3 used · 1 held');
    expect(uses('FREESHIP')).toBe('0 used · 0 held');
  });
});

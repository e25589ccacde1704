import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminReview } from '@vastra/shared/schemas/review';
import { reset } from '@/lib/query';
import { answerCalls, sentTo } from '@/test/api-answers';
import { installDialogs } from '../admin-test-fixtures';
import { ReviewsPage } from './reviews-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

function review(n: number, over: Partial<AdminReview> = {}): AdminReview {
  const at = Date.UTC(2026, 10, 23, 6, 30) - n * 60_000;
  return {
    _id: `1111111${n}-aaaa-4bbb-8ccc-000000000003`,
    productId: `2222222${n}-aaaa-4bbb-8ccc-000000000003`,
    productName: `Linen Shirt ${n}`,
    authorName: 'Kabir S.',
    rating: 2,
    fit: 'small',
    body: `Review ${n}`,
    isDemo: false,
    createdAt: at,
    updatedAt: at,
    hiddenAt: null,
    hiddenReason: null,
    ...over,
  };
}

function renderDesk() {
  render(
    <MemoryRouter initialEntries={['/admin/reviews']}>
      <Routes>
        <Route path="/admin/reviews" element={<ReviewsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(installDialogs);
afterEach(() => {
  cleanup();
  reset('admin');
  vi.restoreAllMocks();
});

describe('<ReviewsPage>', () => {
  it('lists reviews newest first with product, author, stars, fit, demo mark, and pages on', async () => {
    const spy = answerCalls((_, sent) =>
      sent.query?.before === 'next'
        ? { success: true, reviews: [review(3)], nextCursor: null }
        : {
            success: true,
            reviews: [review(1), review(2, { isDemo: true, fit: null, body: '' })],
            nextCursor: 'next',
          },
    );
    renderDesk();
    const cards = await screen.findAllByTestId('admin-review', {}, { timeout: 5000 });
    expect(sentTo(spy, 'reviews.adminList')[0]!.query).toEqual({ view: 'all', limit: 20 });
    expect(within(cards[0]!).getByRole('link', { name: 'Linen Shirt 1' })).toBeTruthy();
    expect(cards[0]!.textContent).toContain('Kabir S.');
    expect(cards[0]!.textContent).toContain('Fit: Runs small');
    expect(within(cards[0]!).getByRole('img', { name: 'Rated 2 out of 5' })).toBeTruthy();
    expect(cards[1]!.textContent).toContain('Demo review');
    expect(cards[1]!.textContent).toContain('A rating without text.');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-review')).toHaveLength(3));
    expect(sentTo(spy, 'reviews.adminList')[1]!.query).toEqual({
      view: 'all',
      limit: 20,
      before: 'next',
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('Hide asks for a reason, checked before it is sent, then shows the review hidden with it', async () => {
    let current = review(1);
    const spy = answerCalls((name, sent) => {
      if (name === 'reviews.adminHide') {
        const { reason } = sent.body as { reason: string };
        current = { ...current, hiddenAt: Date.UTC(2026, 10, 24, 6, 30), hiddenReason: reason };
        return { success: true, message: 'The review is hidden from the shop', review: current };
      }
      if (name === 'reviews.adminShow') {
        current = { ...current, hiddenAt: null, hiddenReason: null };
        return { success: true, message: 'The review shows in the shop again', review: current };
      }
      return { success: true, reviews: [current], nextCursor: null };
    });
    renderDesk();
    const card = await screen.findByTestId('admin-review', {}, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Hide…' }));
    const dialog = await screen.findByRole('dialog', { name: /Hide Kabir S\.'s review\?/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('Please say why the review is hidden')).toBeTruthy();
    expect(sentTo(spy, 'reviews.adminHide')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Names another shop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(within(card).getByTestId('admin-review-state').textContent).toBe('Hidden'),
    );
    expect(sentTo(spy, 'reviews.adminHide')[0]).toMatchObject({
      params: { id: current._id },
      body: { reason: 'Names another shop' },
    });
    expect(within(card).getByTestId('admin-review-reason').textContent).toContain(
      'Names another shop',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Show again' }));
    await waitFor(() =>
      expect(within(card).getByTestId('admin-review-state').textContent).toBe('Shown'),
    );
    expect(sentTo(spy, 'reviews.adminShow')[0]!.params).toEqual({ id: current._id });
  });

  it('the Hidden view asks for hidden reviews and says when there are none', async () => {
    const spy = answerCalls(() => ({ success: true, reviews: [], nextCursor: null }));
    renderDesk();
    await screen.findByText('No reviews yet', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Hidden' }));
    expect(await screen.findByText('No hidden reviews')).toBeTruthy();
    expect(sentTo(spy, 'reviews.adminList').at(-1)!.query).toEqual({ view: 'hidden', limit: 20 });
  });
});

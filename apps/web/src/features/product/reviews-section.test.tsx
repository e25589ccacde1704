import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MyReview, Review } from '@vastra/shared/schemas/review';
import { reset } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo, type ServerAnswer } from '@/test/api-answers';
import { ReviewsSection } from './reviews-section';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const DAY = 24 * 60 * 60_000;

function review(n: number, overrides: Partial<Review> = {}): Review {
  const at = Date.UTC(2026, 10, 20) - n * DAY;
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    productId: 'p1',
    authorName: `Shopper ${n}`,
    rating: 5,
    fit: null,
    body: `Review ${n}`,
    isDemo: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const summary = {
  average: 4.3,
  count: 7,
  byStars: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 4 },
  fit: { small: 1, true: 3, large: 0 },
};

const firstPage = {
  success: true,
  summary,
  reviews: [review(1, { fit: 'small' }), review(2, { isDemo: true, rating: 4 })],
  nextCursor: 'cursor-2',
};

function serve(extra: ServerAnswer = () => ({})) {
  return answerCalls((name, sent) => {
    if (name === 'reviews.list')
      return sent.query?.before === 'cursor-2'
        ? { success: true, summary, reviews: [review(3)], nextCursor: null }
        : firstPage;
    return extra(name, sent);
  });
}

function renderSection(path = '/product/p1') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/product/:productId" element={<ReviewsSection productId="p1" />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  reset('reviews');
  reset('account');
  clearToken();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<ReviewsSection>', () => {
  it('shows the summary, the fit, the reviews newest first with demo ones marked, and pages on', async () => {
    const server = serve();
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading reviews' })).toBeTruthy();
    expect((await screen.findByTestId('reviews-average', {}, { timeout: 5000 })).textContent).toBe(
      '4.3',
    );
    expect(screen.getByTestId('reviews-count').textContent).toBe('7 reviews');
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    const byStars = screen.getByLabelText('Reviews by stars');
    expect(within(byStars).getByText('5 star').parentElement?.textContent).toBe('5 star4');
    expect(screen.getByTestId('reviews-fit').textContent).toContain('True to size3');

    const list = screen.getByRole('list', { name: 'Reviews, newest first' });
    const items = within(list).getAllByTestId('review');
    expect(items.map((li) => within(li).getByText(/^Review \d$/).textContent)).toEqual([
      'Review 1',
      'Review 2',
    ]);
    expect(within(items[0]!).getByText('Runs small')).toBeTruthy();
    expect(within(items[0]!).queryByTestId('review-demo')).toBeNull();
    expect(within(items[1]!).getByTestId('review-demo').textContent).toBe('Demo review');

    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(within(list).getAllByTestId('review')).toHaveLength(3));
    expect(sentTo(server, 'reviews.list').map((s) => s.query)).toEqual([
      {},
      { before: 'cursor-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('says "No reviews yet" for a product without any', async () => {
    answerCalls(() => ({
      success: true,
      summary: {
        average: 0,
        count: 0,
        byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        fit: { small: 0, true: 0, large: 0 },
      },
      reviews: [],
      nextCursor: null,
    }));
    renderSection();
    expect((await screen.findByTestId('reviews-none', {}, { timeout: 5000 })).textContent).toBe(
      'No reviews yet',
    );
    expect(screen.queryByRole('list', { name: 'Reviews, newest first' })).toBeNull();
  });

  it('asks a visitor to log in, and tells a shopper without a delivery why they cannot review', async () => {
    serve();
    renderSection();
    expect(
      (await screen.findByRole('link', { name: 'Log in to review it' })).getAttribute('href'),
    ).toBe('/login');
    cleanup();
    setToken('t');
    serve((name) =>
      name === 'reviews.mine' ? { success: true, review: null, canReview: false } : {},
    );
    renderSection();
    expect(await screen.findByText('You can review a product after it is delivered.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('opens the form from ?review=1, checks the stars first, then sends the review and reads the numbers again', async () => {
    setToken('t');
    const saved: MyReview = { ...review(0), rating: 4, fit: 'small', hiddenReason: null };
    const server = serve((name) => {
      if (name === 'reviews.mine') return { success: true, review: null, canReview: true };
      if (name === 'reviews.save')
        return { success: true, message: 'Thank you — your review is saved', review: saved };
      return {};
    });
    renderSection('/product/p1?review=1');
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 5000 });

    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Please choose from 1 to 5 stars')).toBeTruthy();
    expect(sentTo(server, 'reviews.save')).toEqual([]);

    const four = within(form).getByRole('radio', { name: '4 stars: Very good' });
    fireEvent.click(four);
    expect((four as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: 'Runs small' }));
    fireEvent.change(within(form).getByLabelText(/Your review/), {
      target: { value: '  Order a size up.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));

    await waitFor(() =>
      expect(sentTo(server, 'reviews.save')).toEqual([
        {
          params: { productId: 'p1' },
          body: { rating: 4, fit: 'small', body: 'Order a size up.' },
        },
      ]),
    );
    expect(notify.success).toHaveBeenCalledWith('Thank you — your review is saved');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    // The summary and the list are read again after the change.
    await waitFor(() => expect(sentTo(server, 'reviews.list').length).toBeGreaterThan(1));
  });

  it('prefills the form with the shopper’s review and says when the shop hid it', async () => {
    setToken('t');
    const mine: MyReview = {
      ...review(0),
      rating: 2,
      fit: 'large',
      body: 'Too loose',
      hiddenReason: 'Mentions another shop',
    };
    serve((name) =>
      name === 'reviews.mine' ? { success: true, review: mine, canReview: true } : {},
    );
    renderSection();
    expect((await screen.findByTestId('my-review-hidden', {}, { timeout: 5000 })).textContent).toBe(
      'The shop has hidden your review: Mentions another shop',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit your review' }));
    const form = await screen.findByRole('form', { name: 'Edit your review' });
    expect(
      (within(form).getByRole('radio', { name: '2 stars: Fair' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(form).getByRole('radio', { name: 'Runs large' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(form).getByLabelText(/Your review/) as HTMLTextAreaElement).value).toBe(
      'Too loose',
    );
  });
});

import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  REVIEW_FIT_LABELS,
  REVIEW_FITS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  ratingLabel,
  reviewCountLabel,
} from '@vastra/shared/review-text';
import { indiaDateText } from '@vastra/shared/dates/india-calendar';
import type { Review, ReviewSummary } from '@vastra/shared/schemas/review';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Stars } from '@/components/ui/stars';
import { loginReturnState } from '@/lib/login-return';
import { REVIEW_PARAM } from '@/lib/review-link';
import { loadErrorMessage } from '@/lib/query';
import { useToken } from '@/lib/session';
import { useMoreReviews, useMyReview, useReviewList } from './use-reviews';

// The form (react-hook-form and the shared schema's checks) loads when a shopper opens it.
const ReviewForm = lazy(() => import('./review-form'));

/**
 * The Reviews tab (docs/decisions/136-product-reviews.md): the average, the count per star and the
 * fit summary over the visible reviews, the shopper's way to write or edit theirs, and the reviews
 * newest first, a page at a time ("Show more"); demo reviews say so.
 */
export function ReviewsSection({ productId }: { productId: string }) {
  const list = useReviewList(productId);
  const more = useMoreReviews(list.data, productId);

  if (!list.data) {
    if (list.error)
      return (
        <LoadError
          message={`We could not load the reviews. ${loadErrorMessage(list.error)}`}
          onRetry={list.refresh}
          tight
        />
      );
    return (
      <div role="status" aria-label="Loading reviews" className="animate-pulse space-y-3">
        <div className="h-6 w-40 rounded bg-line/70" />
        <div className="h-4 w-64 rounded bg-line/70" />
        <div className="h-16 w-full rounded bg-line/70" />
      </div>
    );
  }
  const { summary } = list.data;
  return (
    <div className="space-y-8 text-ink" data-testid="reviews-section">
      <div className="grid gap-6 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)] md:gap-10">
        <SummaryFigure summary={summary} />
        {summary.count > 0 && <StarBars summary={summary} />}
        {summary.count > 0 && <FitSummary summary={summary} />}
      </div>
      <WriteReview productId={productId} />
      {more.reviews.length > 0 && (
        <div>
          <ol
            aria-label="Reviews, newest first"
            className="divide-y divide-line border-y border-line"
          >
            {more.reviews.map((review) => (
              <ReviewItem key={review._id} review={review} />
            ))}
          </ol>
          {more.hasMore && (
            <Button
              variant="secondary"
              size="md"
              className="mt-5"
              disabled={more.loading}
              onClick={() => void more.showMore()}
            >
              {more.loading ? 'Loading…' : 'Show more reviews'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function SummaryFigure({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0)
    return (
      <div>
        <p data-testid="reviews-none" className="font-serif text-xl">
          {REVIEW_MESSAGES.noReviews}
        </p>
        <p className="mt-1 text-sm text-muted">
          Bought this? Tell other shoppers how it fits once it is delivered.
        </p>
      </div>
    );
  return (
    <div>
      <p className="flex items-baseline gap-2">
        <span data-testid="reviews-average" className="font-serif text-4xl tabular-nums">
          {summary.average.toFixed(1)}
        </span>
        <span className="text-sm text-muted">out of {REVIEW_LIMITS.starsOutOf}</span>
      </p>
      <div className="mt-2">
        <Stars
          stars={Math.round(summary.average)}
          outOf={REVIEW_LIMITS.starsOutOf}
          label={ratingLabel(summary.average)}
        />
      </div>
      <p data-testid="reviews-count" className="mt-1 text-sm text-muted">
        {reviewCountLabel(summary.count)}
      </p>
    </div>
  );
}

/** One row per number of stars, 5 to 1: a bar as long as its share, and its count. */
function StarBars({ summary }: { summary: ReviewSummary }) {
  const rows = ([5, 4, 3, 2, 1] as const).map((stars) => [stars, summary.byStars[stars]] as const);
  return (
    <dl aria-label="Reviews by stars" className="space-y-1.5 text-sm">
      {rows.map(([stars, n]) => (
        <div key={stars} className="grid grid-cols-[3.25rem_minmax(0,1fr)_2rem] items-center gap-3">
          <dt className="text-muted">{stars} star</dt>
          <dd className="contents">
            <Bar share={n / summary.count} />
            <span className="text-right text-muted tabular-nums">{n}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How the reviews that said something about the fit said it. */
function FitSummary({ summary }: { summary: ReviewSummary }) {
  const said = REVIEW_FITS.reduce((total, fit) => total + summary.fit[fit], 0);
  return (
    <div className="text-sm">
      <p className="mb-2 text-xs font-medium tracking-[0.14em] uppercase">Fit</p>
      {said === 0 ? (
        <p className="text-muted">No one has said how it fits yet.</p>
      ) : (
        <dl data-testid="reviews-fit" className="space-y-1.5">
          {REVIEW_FITS.map((fit) => (
            <div
              key={fit}
              className="grid grid-cols-[6.5rem_minmax(0,1fr)_2rem] items-center gap-3"
            >
              <dt className="text-muted">{REVIEW_FIT_LABELS[fit]}</dt>
              <dd className="contents">
                <Bar share={summary.fit[fit] / said} />
                <span className="text-right text-muted tabular-nums">{summary.fit[fit]}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function Bar({ share }: { share: number }) {
  return (
    <span className="block h-2 overflow-hidden rounded-full bg-line/70" aria-hidden="true">
      <span
        className="block h-full rounded-full bg-accent"
        style={{ width: `${Math.round(share * 100)}%` }}
      />
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li data-testid="review" className="py-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars stars={review.rating} outOf={REVIEW_LIMITS.starsOutOf} />
        <span className="text-sm font-medium">{review.authorName}</span>
        {review.isDemo && (
          <span
            data-testid="review-demo"
            className="rounded-full bg-line/70 px-2 py-0.5 text-[11px] font-medium tracking-wide text-ink"
          >
            {REVIEW_MESSAGES.demo}
          </span>
        )}
        <time
          dateTime={new Date(review.createdAt).toISOString()}
          className="text-xs text-muted sm:ml-auto"
        >
          {indiaDateText(review.createdAt)}
        </time>
      </div>
      {review.fit && (
        <p className="mt-2 text-xs text-muted">
          Fit: <span className="text-ink">{REVIEW_FIT_LABELS[review.fit]}</span>
        </p>
      )}
      {review.body && (
        <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-ink/85">
          {review.body}
        </p>
      )}
    </li>
  );
}

/**
 * What the shopper may do: log in (a visitor), wait for delivery, or write / edit their review;
 * the form opens in place. `?review=1` opens it when the page may.
 */
function WriteReview({ productId }: { productId: string }) {
  // This page's own (readable) address, with the form to open once logged in.
  const { pathname } = useLocation();
  const token = useToken();
  const mine = useMyReview(productId);
  const [params, setParams] = useSearchParams();
  const [clicked, setOpen] = useState(false);
  // Closing the form puts the focus back on the button that opens it, once it is drawn again.
  const focusBack = useRef(false);
  const asked = params.get(REVIEW_PARAM) === '1';
  const canReview = mine.data?.canReview === true;
  // Asked for by the link (until the form closes), or opened here.
  const open = clicked || (asked && canReview);

  if (!token)
    return (
      <p className="text-sm text-muted">
        Bought this?{' '}
        <Link
          to="/login"
          state={loginReturnState({ from: `${pathname}?${REVIEW_PARAM}=1` })}
          className="text-ink underline underline-offset-4"
        >
          Log in to review it
        </Link>
        .
      </p>
    );
  if (!mine.data) return null;
  const own = mine.data.review;
  if (!canReview && !own)
    return <p className="text-sm text-muted">{REVIEW_MESSAGES.notDelivered}.</p>;

  const close = () => {
    setOpen(false);
    if (asked)
      setParams(
        (current) => {
          current.delete(REVIEW_PARAM);
          return current;
        },
        { replace: true },
      );
    focusBack.current = true;
  };
  return (
    <div className="border border-line bg-white/60 px-4 py-4 sm:px-5">
      {own?.hiddenReason && (
        <p data-testid="my-review-hidden" className="mb-3 text-sm text-accent">
          The shop has hidden your review: {own.hiddenReason}
        </p>
      )}
      {open ? (
        <Suspense fallback={<p className="text-sm text-muted">Loading the form…</p>}>
          <ReviewForm productId={productId} review={own} onDone={close} onCancel={close} />
        </Suspense>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {own ? (
              <>
                You rated this {own.rating} out of {REVIEW_LIMITS.starsOutOf}.
              </>
            ) : (
              'You bought this: how was it?'
            )}
          </p>
          <Button
            ref={(button) => {
              if (button && focusBack.current) {
                focusBack.current = false;
                button.focus();
              }
            }}
            variant="primary"
            size="md"
            onClick={() => setOpen(true)}
          >
            {own ? 'Edit your review' : 'Write a review'}
          </Button>
        </div>
      )}
    </div>
  );
}

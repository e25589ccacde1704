import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_REVIEW_VIEWS,
  REVIEW_FIT_LABELS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type AdminReview,
  type AdminReviewView,
} from '@vastra/shared/schemas/review';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { Stars } from '@/components/ui/stars';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { invalidate, useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { REVIEWS_KEY } from '../admin-keys';
import { getAdminReviews, hideReview, showReview } from '../api/admin-calls';
import { formatDateTime } from '../format';
import { beforeData, card, CardList, DeskHeading, reloadError, useDeskView } from '../ui';
import { HideDialog } from './hide-dialog';

const VIEW_LABELS: Record<AdminReviewView, string> = {
  all: 'All',
  visible: 'Shown',
  hidden: 'Hidden',
};

/**
 * /admin/reviews: every review, newest first, a page at a time (docs/decisions/136). The owner
 * hides one with a reason (it leaves the product page and its numbers) or shows it again; nothing
 * is deleted. Demo reviews, seeded with the demo catalogue, are marked.
 */
export function ReviewsPage() {
  useDocumentMeta('Admin · Reviews');
  const [view, setView] = useDeskView(ADMIN_REVIEW_VIEWS, 'all');
  const list = useQuery(
    [...REVIEWS_KEY, view],
    (signal) => getAdminReviews(view, undefined, signal),
    {
      keepPreviousData: true,
    },
  );
  // The pages "Show more" added to this view's first page.
  const [more, setMore] = useState<{
    view: AdminReviewView;
    reviews: AdminReview[];
    cursor: string | null;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [working, setWorking] = useState<string | null>(null);
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const extra = more?.view === view ? more : null;
  const cursor = extra ? extra.cursor : (list.data?.nextCursor ?? null);

  const changed = (review: AdminReview, message: string) => {
    notify.success(message);
    const swap = (reviews: AdminReview[]) =>
      reviews.map((r) => (r._id === review._id ? review : r));
    list.set((data) => ({ ...data, reviews: swap(data.reviews) }));
    setMore((m) => m && { ...m, reviews: swap(m.reviews) });
    // The shop's numbers for that product, and this desk's other views.
    invalidate(['reviews', review.productId]);
    for (const other of ADMIN_REVIEW_VIEWS) if (other !== view) invalidate([...REVIEWS_KEY, other]);
  };

  const showAgain = async (review: AdminReview) => {
    setWorking(review._id);
    try {
      const answer = await showReview(review._id);
      changed(answer.review, answer.message);
    } catch (error) {
      toastApiError(error);
    } finally {
      setWorking(null);
    }
  };

  const loadMore = async () => {
    if (!list.data || !cursor) return;
    setLoadingMore(true);
    try {
      const page = await getAdminReviews(view, cursor);
      setMore({
        view,
        reviews: [...(extra?.reviews ?? []), ...page.reviews],
        cursor: page.nextCursor,
      });
    } catch (error) {
      toastApiError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the reviews');
  else if (list.data.reviews.length === 0)
    body = (
      <EmptyPanel
        title={view === 'hidden' ? 'No hidden reviews' : 'No reviews yet'}
        text={
          view === 'hidden'
            ? 'Reviews you hide appear here, with your reason.'
            : 'Shoppers review products once their order is delivered.'
        }
      />
    );
  else
    body = (
      <>
        <CardList
          label="Reviews"
          items={withoutRepeats([...list.data.reviews, ...(extra?.reviews ?? [])])}
          count={(n) => (n === 1 ? '1 review' : `${n} reviews`) + (cursor ? ' so far' : '')}
          fetching={list.fetching}
        >
          {(review) => (
            <ReviewCard
              review={review}
              busy={working === review._id}
              onHide={() => setHiding(review)}
              onShow={() => void showAgain(review)}
            />
          )}
        </CardList>
        {cursor && (
          <Button
            variant="secondary"
            className="mt-5"
            disabled={loadingMore}
            onClick={() => void loadMore()}
          >
            {loadingMore ? 'Loading…' : 'Show more'}
          </Button>
        )}
      </>
    );

  return (
    <>
      <DeskHeading
        title="Reviews"
        text="Shoppers rate products they received. Hide a review that breaks the rules: it leaves the product page and its rating."
        list={list}
        views={ADMIN_REVIEW_VIEWS}
        labels={VIEW_LABELS}
        view={view}
        onView={setView}
      />
      {reloadError(list, 'the reviews')}
      {body}
      {hiding && (
        <HideDialog
          author={hiding.authorName}
          onClose={() => setHiding(null)}
          onSend={async (reason) => {
            const answer = await hideReview(hiding._id, reason);
            changed(answer.review, answer.message);
            setHiding(null);
          }}
        />
      )}
    </>
  );
}

/** A review that moved onto the first page since a later page was read is listed once. */
function withoutRepeats(reviews: AdminReview[]): AdminReview[] {
  const seen = new Set<string>();
  return reviews.filter((r) => !seen.has(r._id) && seen.add(r._id));
}

function ReviewCard({
  review,
  busy,
  onHide,
  onShow,
}: {
  review: AdminReview;
  busy: boolean;
  onHide: () => void;
  onShow: () => void;
}) {
  const headingId = `review-${review._id}`;
  const hidden = review.hiddenAt !== null;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-review"
      data-review-id={review._id}
      // A hidden review is marked by its dashed frame and its Hidden chip, not by fading: faded text
      // would fall below the contrast the admin screens keep (docs/decisions/143).
      className={`${card} ${hidden ? 'border-dashed border-field' : ''}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="font-medium break-words">
            <Link to={`/product/${review.productId}`} className="underline underline-offset-4">
              {review.productName}
            </Link>
          </h2>
          <p className="text-xs break-words text-muted">
            {review.authorName} ·{' '}
            <time dateTime={new Date(review.createdAt).toISOString()}>
              {formatDateTime(review.createdAt)}
            </time>
            {review.updatedAt > review.createdAt && ' · edited'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {review.isDemo && (
            <span className="rounded-full bg-line/70 px-3 py-1 text-xs font-medium">
              {REVIEW_MESSAGES.demo}
            </span>
          )}
          <span
            data-testid="admin-review-state"
            className={`rounded-full px-3 py-1 text-xs font-medium ${
              hidden ? 'bg-ink text-paper' : 'bg-sale/10 text-sale'
            }`}
          >
            {hidden ? 'Hidden' : 'Shown'}
          </span>
        </div>
      </header>
      <div className="space-y-2 px-4 py-4 text-sm sm:px-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Stars stars={review.rating} outOf={REVIEW_LIMITS.starsOutOf} />
          {review.fit && <span className="text-muted">Fit: {REVIEW_FIT_LABELS[review.fit]}</span>}
        </div>
        {review.body ? (
          <p className="break-words whitespace-pre-line">{review.body}</p>
        ) : (
          <p className="text-muted">A rating without text.</p>
        )}
        {hidden && (
          <p data-testid="admin-review-reason" className="break-words text-muted">
            Hidden {review.hiddenAt !== null && formatDateTime(review.hiddenAt)}:{' '}
            <span className="text-ink">{review.hiddenReason}</span>
          </p>
        )}
      </div>
      <footer className="flex flex-wrap gap-2 border-t border-line px-4 py-3 sm:px-5">
        {hidden ? (
          <Button variant="secondary" disabled={busy} onClick={onShow}>
            Show again
          </Button>
        ) : (
          <Button variant="danger" disabled={busy} onClick={onHide}>
            Hide…
          </Button>
        )}
      </footer>
    </article>
  );
}

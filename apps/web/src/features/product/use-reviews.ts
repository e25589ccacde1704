import { useState } from 'react';
import type { Review, ReviewListResponse } from '@vastra/shared/schemas/review';
import { toastApiError } from '@/lib/api-client';
import { invalidate, useQuery } from '@/lib/query';
import { useToken } from '@/lib/session';
import { getMyReview, getReviews } from './api/review-calls';

/**
 * The product's reviews as the page shows them (docs/decisions/136-product-reviews.md): the summary
 * and first page under `reviewsKey` (the stars under the name, the tab's count and the section
 * read the same answer, one request), and the shopper's own under the account's keys.
 */
export const reviewsKey = (productId: string) => ['reviews', productId];
export const myReviewKey = (productId: string) => ['account', 'review', productId];

export function useReviewList(productId: string) {
  return useQuery(reviewsKey(productId), (signal) => getReviews(productId, undefined, signal));
}

/** After the shopper wrote, rewrote or removed theirs: the numbers, the list and their own. */
export function invalidateReviews(productId: string): void {
  invalidate(reviewsKey(productId));
  invalidate(myReviewKey(productId));
}

export function useMyReview(productId: string) {
  const token = useToken();
  return useQuery(myReviewKey(productId), (signal) => getMyReview(productId, signal), {
    enabled: token !== null,
  });
}

/**
 * The first page plus the pages "Show more" added. Those belong to the first page they followed:
 * when it is read again (after a change) the list starts over from it.
 */
export function useMoreReviews(first: ReviewListResponse | undefined, productId: string) {
  const [more, setMore] = useState<{
    after: ReviewListResponse;
    reviews: Review[];
    cursor: string | null;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const current = more && more.after === first ? more : null;
  const reviews = [...(first?.reviews ?? []), ...(current?.reviews ?? [])];
  const cursor = current ? current.cursor : (first?.nextCursor ?? null);

  const showMore = async () => {
    if (!first || !cursor || loading) return;
    setLoading(true);
    try {
      const page = await getReviews(productId, cursor);
      setMore({
        after: first,
        reviews: [...(current?.reviews ?? []), ...page.reviews],
        cursor: page.nextCursor,
      });
    } catch (error) {
      toastApiError(error);
    } finally {
      setLoading(false);
    }
  };
  return { reviews, hasMore: cursor !== null, loading, showMore };
}

import { REVIEW_LIMITS, REVIEW_MESSAGES, ratingLabel } from '@vastra/shared/review-text';
import { Stars } from '@/components/ui/stars';
import { useReviewList } from './use-reviews';

/**
 * Under the product's name: the real average as stars out of 5 with the count in parentheses
 * (docs/product.md §2), or "No reviews yet" (docs/decisions/136-product-reviews.md). While the
 * numbers load, a blank line of the same height keeps the page from jumping; if they fail, the
 * line stays blank (the Reviews tab says so and offers a retry).
 */
export function RatingLine({ productId }: { productId: string }) {
  const { data } = useReviewList(productId);
  if (!data) return <div className="h-5" data-testid="rating-line" aria-hidden="true" />;
  const { average, count } = data.summary;
  if (count === 0)
    return (
      <p data-testid="rating-line" className="text-sm text-muted">
        {REVIEW_MESSAGES.noReviews}
      </p>
    );
  return (
    <div data-testid="rating-line">
      <Stars
        stars={Math.round(average)}
        outOf={REVIEW_LIMITS.starsOutOf}
        count={count}
        label={ratingLabel(average)}
      />
    </div>
  );
}

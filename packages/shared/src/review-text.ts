/**
 * Review numbers and the words shoppers and the owner read about reviews
 * (docs/decisions/136-product-reviews.md). Kept free of zod and of any import, so the product
 * page can show "No reviews yet" or "(12)" without loading the schemas; `schemas/review.ts`
 * re-exports these.
 */

export const REVIEW_LIMITS = {
  /** Stars are 1 to this. */
  starsOutOf: 5,
  /** A review's text, in characters, after trimming. */
  textMax: 2000,
  /** The owner's reason for hiding one. */
  hideReasonMax: 300,
  /** Reviews per page on the product page ("Show more" asks for the next). */
  pageSize: 5,
  /** The most one page may ask for. */
  pageSizeMax: 50,
} as const;

/** What a shopper may say of the fit; null is "not said". The database's CHECK names the same. */
export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

export const REVIEW_MESSAGES = {
  noReviews: 'No reviews yet',
  demo: 'Demo review',
  notDelivered: 'You can review a product after it is delivered',
  productNotFound: 'We could not find this product',
  reviewNotFound: 'We could not find this review',
  saved: 'Thank you — your review is saved',
  updated: 'Your review is updated',
  deleted: 'Your review is removed',
  hidden: 'The review is hidden from the shop',
  shown: 'The review shows in the shop again',
  rating: `Please choose from 1 to 5 stars`,
  text: `A review can be up to ${REVIEW_LIMITS.textMax} characters long`,
  fit: 'fit must be small, true or large, or null',
  hideReason: 'Please say why the review is hidden',
  hideReasonLong: `The reason can be up to ${REVIEW_LIMITS.hideReasonMax} characters long`,
  cursor: 'before must be the nextCursor of an earlier page',
} as const;

/** "Rated 4.3 out of 5". */
export function ratingLabel(average: number): string {
  return `Rated ${average} out of ${REVIEW_LIMITS.starsOutOf}`;
}

/** "1 review", "12 reviews". */
export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

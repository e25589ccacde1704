import { productPath } from '@vastra/shared/links/product-url';

/**
 * `?review=1` on a product page opens its Reviews tab and, when the shopper may review, the form
 * (docs/decisions/136-product-reviews.md): where the order page's "Rate & review" and the login
 * for a review lead.
 */
export const REVIEW_PARAM = 'review';

/** The product's readable page (docs/decisions/141-links-that-travel.md) with its review form open. */
export function reviewFormPath(product: { _id: string; name: string }): string {
  return `${productPath(product)}?${REVIEW_PARAM}=1`;
}

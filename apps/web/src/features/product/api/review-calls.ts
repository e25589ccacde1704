import type { ReviewWrite } from '@vastra/shared/schemas/review';
import { api } from '@/lib/api-client';
import { addLateTableGroups } from '@/lib/late-table-groups';

// Reviews are a late endpoint group (docs/decisions/131-late-routes.md): their paths and answer
// checks load with the product page's chunk, never with the home page.
addLateTableGroups();

/**
 * The product page's review calls (docs/decisions/136-product-reviews.md), one function each.
 * The summary and the first page come together; `before` asks for the page after a cursor.
 */

export function getReviews(productId: string, before?: string, signal?: AbortSignal) {
  return api.call('reviews.list', {
    params: { productId },
    query: before ? { before } : {},
    signal,
  });
}

/** The shopper's own review (null if none) and whether they received the product. */
export function getMyReview(productId: string, signal?: AbortSignal) {
  return api.call('reviews.mine', { params: { productId }, signal });
}

export function saveReview(productId: string, review: ReviewWrite) {
  return api.call('reviews.save', { params: { productId }, body: review });
}

export function removeReview(productId: string) {
  return api.call('reviews.remove', { params: { productId } });
}

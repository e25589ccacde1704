import { adminIdParamsSchema } from '../../schemas/admin';
import {
  adminReviewHideSchema,
  adminReviewListQuerySchema,
  adminReviewListResponseSchema,
  adminReviewResponseSchema,
  myReviewResponseSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewProductParamsSchema,
  reviewSavedResponseSchema,
  reviewWriteSchema,
} from '../../schemas/review';
import { okResponseSchema } from '../../schemas/common';
import { ADMIN_SESSION, endpointGroup, refusals, SESSION } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Reviews'] as const;
const adminTags = ['Admin: reviews'] as const;

/**
 * Ratings and reviews by shoppers who received the product, and the owner's moderation
 * (docs/decisions/136-product-reviews.md).
 */
export const reviews = endpointGroup({
  list: {
    ...lateRoutes.reviews.list,
    schema: {
      summary: "A product's reviews, newest first, a page at a time, with the summary",
      description:
        'The summary (average to one decimal, count, count per star, fit) counts every visible review; hidden ones are never listed. `before` is the `nextCursor` of the page before.',
      tags,
      params: reviewProductParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewListResponseSchema, ...refusals(400, 404) },
    },
  },
  mine: {
    ...lateRoutes.reviews.mine,
    schema: {
      summary: "The shopper's review of the product (null if none) and whether they may write one",
      tags,
      security: SESSION,
      params: reviewProductParamsSchema,
      response: { 200: myReviewResponseSchema, ...refusals(400, 401, 404) },
    },
  },
  save: {
    ...lateRoutes.reviews.save,
    schema: {
      summary: "Write or rewrite the shopper's review of a product they received",
      description:
        'Only for a product on one of the shopper’s Delivered orders (403 otherwise); one review per shopper and product, so sending again rewrites it. A hidden review stays hidden.',
      tags,
      security: SESSION,
      params: reviewProductParamsSchema,
      body: reviewWriteSchema,
      response: { 200: reviewSavedResponseSchema, ...refusals(400, 401, 403, 404) },
    },
  },
  remove: {
    ...lateRoutes.reviews.remove,
    schema: {
      summary: "Remove the shopper's review of the product (none there changes nothing)",
      tags,
      security: SESSION,
      params: reviewProductParamsSchema,
      response: { 200: okResponseSchema, ...refusals(400, 401) },
    },
  },
  adminList: {
    ...lateRoutes.reviews.adminList,
    schema: {
      summary: 'Every review, newest first, a page at a time: all, visible or hidden ones',
      tags: adminTags,
      security: ADMIN_SESSION,
      querystring: adminReviewListQuerySchema,
      response: { 200: adminReviewListResponseSchema, ...refusals(400, 401, 403) },
    },
  },
  adminHide: {
    ...lateRoutes.reviews.adminHide,
    schema: {
      summary: 'Hide a review from the shop, with a reason (hiding again changes the reason)',
      tags: adminTags,
      security: ADMIN_SESSION,
      params: adminIdParamsSchema,
      body: adminReviewHideSchema,
      response: { 200: adminReviewResponseSchema, ...refusals(400, 401, 403, 404) },
    },
  },
  adminShow: {
    ...lateRoutes.reviews.adminShow,
    schema: {
      summary: 'Show a hidden review again (showing a shown one changes nothing)',
      tags: adminTags,
      security: ADMIN_SESSION,
      params: adminIdParamsSchema,
      response: { 200: adminReviewResponseSchema, ...refusals(400, 401, 403, 404) },
    },
  },
});

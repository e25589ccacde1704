import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { REVIEW_MESSAGES } from '@vastra/shared/schemas/review';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { ReviewsService } from './reviews.service';

/** The shop's calls: anyone reads a product's reviews; the shopper's own behind the session. */
export async function reviewRoutes(
  app: FastifyInstance,
  opts: { reviews: ReviewsService },
): Promise<void> {
  const { reviews } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed: without a session the answer is 401 whatever was sent.
  const onRequest = app.authenticate;

  api.route({
    ...routeOf(endpoints.reviews.list),
    handler: async (request) => ({
      success: true as const,
      ...(await reviews.list(request.params.productId, request.query.before, request.query.limit)),
    }),
  });

  api.route({
    ...routeOf(endpoints.reviews.mine),
    onRequest,
    handler: async (request) => ({
      success: true as const,
      ...(await reviews.mine(currentUser(request).id, request.params.productId)),
    }),
  });

  api.route({
    ...routeOf(endpoints.reviews.save),
    onRequest,
    handler: async (request) => {
      const saved = await reviews.save(
        currentUser(request),
        request.params.productId,
        request.body,
      );
      return {
        success: true as const,
        message: saved.created ? REVIEW_MESSAGES.saved : REVIEW_MESSAGES.updated,
        review: saved.review,
      };
    },
  });

  api.route({
    ...routeOf(endpoints.reviews.remove),
    onRequest,
    handler: async (request) => {
      await reviews.remove(currentUser(request).id, request.params.productId);
      return { success: true as const, message: REVIEW_MESSAGES.deleted };
    },
  });
}

/** The owner's calls; registered inside a scope that checks the admin role first. */
export async function adminReviewRoutes(
  app: FastifyInstance,
  opts: { reviews: ReviewsService },
): Promise<void> {
  const { reviews } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.reviews.adminList),
    handler: async (request) => ({
      success: true as const,
      ...(await reviews.adminList(request.query.view, request.query.before, request.query.limit)),
    }),
  });

  api.route({
    ...routeOf(endpoints.reviews.adminHide),
    handler: async (request) => ({
      success: true as const,
      message: REVIEW_MESSAGES.hidden,
      review: await reviews.adminHide(request.params.id, request.body.reason),
    }),
  });

  api.route({
    ...routeOf(endpoints.reviews.adminShow),
    handler: async (request) => ({
      success: true as const,
      message: REVIEW_MESSAGES.shown,
      review: await reviews.adminShow(request.params.id),
    }),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { adminReviewRoutes, reviewRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';

interface ReviewsDeps {
  db: Database;
  clock: Clock;
}

/**
 * Ratings and reviews (docs/decisions/136-product-reviews.md): the shop's calls, and the owner's
 * in their own scope behind the admin role, as /api/admin's are. Needs app.authenticate and
 * app.requireRole.
 */
export async function registerReviews(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  const reviews = createReviewsService(deps);
  await app.register(reviewRoutes, { reviews });
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminReviewRoutes, { reviews });
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ADMIN_REFUND_MESSAGES } from '@vastra/shared/schemas/order-life';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { RefundsService } from './refunds.service';

/** The admin's refund calls (docs/decisions/119-refunds-and-webhook-retries.md). */
export async function adminRefundRoutes(
  app: FastifyInstance,
  opts: { refunds: RefundsService },
): Promise<void> {
  const { refunds } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.refunds.adminList),
    handler: async (request) => ({
      success: true as const,
      refunds: await refunds.adminList(request.query.view),
    }),
  });

  api.route({
    ...routeOf(endpoints.refunds.adminRetry),
    handler: async (request) => {
      const { refund, message } = await refunds.adminRetry(request.params.id);
      return { success: true as const, message, refund };
    },
  });

  api.route({
    ...routeOf(endpoints.refunds.adminPaidOut),
    handler: async (request) => {
      const refund = await refunds.adminPaidOut(
        request.params.id,
        request.body.reference,
        currentUser(request).email,
      );
      return { success: true as const, message: ADMIN_REFUND_MESSAGES.paidOut, refund };
    },
  });
}

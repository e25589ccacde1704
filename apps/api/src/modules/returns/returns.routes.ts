import type { FastifyInstance } from 'fastify';
import { RETURN_STATE_LABELS } from '@vastra/shared/order-life/returns';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { ORDER_LIFE_MESSAGES as M } from '@vastra/shared/schemas/order-life';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { ReturnsService } from './returns.service';

/** The shopper's calls: a quote and a request, both for their own delivered orders. */
export async function returnRoutes(
  app: FastifyInstance,
  opts: { returns: ReturnsService },
): Promise<void> {
  const { returns } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.returns.quote),
    onRequest: app.authenticate,
    handler: async (request) => ({
      success: true as const,
      refundPaise: await returns.quote(currentUser(request), request.body),
    }),
  });

  api.route({
    ...routeOf(endpoints.returns.create),
    onRequest: app.authenticate,
    handler: async (request) => {
      const created = await returns.create(currentUser(request), request.body);
      return {
        success: true as const,
        message: created.kind === 'exchange' ? M.exchangeRequested : M.returnRequested,
        return: created,
      };
    },
  });
}

/** The admin's calls; registered inside a scope that checks the admin role first. */
export async function adminReturnRoutes(
  app: FastifyInstance,
  opts: { returns: ReturnsService },
): Promise<void> {
  const { returns } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.returns.adminList),
    handler: async (request) => ({
      success: true as const,
      returns: await returns.adminList(request.query.view),
    }),
  });

  api.route({
    ...routeOf(endpoints.returns.adminMove),
    handler: async (request) => {
      const moved = await returns.adminMove(
        request.params.id,
        request.body,
        currentUser(request).email,
      );
      return {
        success: true as const,
        message: `The request is now: ${RETURN_STATE_LABELS[moved.state]}`,
        return: moved,
      };
    },
  });
}

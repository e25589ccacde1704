import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { PROFILE_MESSAGES } from '@vastra/shared/schemas/user';
import { clientKey } from '../../plugins/rate-limit/client-key';
import { RateLimitedError } from '../../plugins/rate-limit/rate-limiter';
import type { AuthService, RequestContext } from './auth.service';

/** An IPv6 client is its /64: one subscriber holds all of it. */
function context(request: FastifyRequest): RequestContext {
  return { client: clientKey(request.ip) };
}

/** A 429 tells the client when to come back (RFC 9110 §10.2.3). */
async function limited<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/** The account calls of docs/product.md §7, with the answers of docs/architecture.md §3. */
export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  const { auth } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.account.registerOtp),
    handler: async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.sendRegisterOtp(request.body.email, context(request)),
      ),
    }),
  });

  api.route({
    ...routeOf(endpoints.account.passwordOtp),
    handler: async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.sendPasswordOtp(request.body.email, context(request)),
      ),
    }),
  });

  api.route({
    ...routeOf(endpoints.account.resendOtp),
    handler: async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.resendOtp(request.body.email, request.body.type, context(request)),
      ),
    }),
  });

  api.route({
    ...routeOf(endpoints.account.verifyOtp),
    handler: async (request, reply) => {
      const { email, otp, type } = request.body;
      return {
        success: true as const,
        message: await limited(reply, () => auth.verifyOtp(email, otp, type, context(request))),
      };
    },
  });

  api.route({
    ...routeOf(endpoints.account.register),
    handler: async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () => auth.register(request.body, context(request))),
    }),
  });

  api.route({
    ...routeOf(endpoints.account.login),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const result = await limited(reply, () => auth.login(email, password, context(request)));
      return { success: true as const, ...result };
    },
  });

  api.route({
    ...routeOf(endpoints.account.forgotPassword),
    preHandler: app.authenticateOptional,
    handler: async (request, reply) => {
      const result = await limited(reply, () =>
        auth.setPassword(
          {
            email: request.body.email,
            newPassword: request.body.newpassword,
            currentPassword: request.body.currentPassword,
          },
          { user: request.user, sessionRejected: request.sessionRejected },
          context(request),
        ),
      );
      return { success: true as const, ...result };
    },
  });

  api.route({
    ...routeOf(endpoints.account.me),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      // Personal data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, user: auth.me(currentUser(request)) };
    },
  });

  api.route({
    ...routeOf(endpoints.account.updateMe),
    // Before the body is parsed: without a session the answer is 401 whatever was sent.
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = await auth.updateProfile(currentUser(request), request.body);
      return { success: true as const, message: PROFILE_MESSAGES.saved, user };
    },
  });
}

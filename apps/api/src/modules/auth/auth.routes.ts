import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@vastra/shared/schemas/common';
import {
  emailRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resendOtpRequestSchema,
  verifyOtpRequestSchema,
} from '@vastra/shared/schemas/user';
import { currentUser } from '../../plugins/auth';
import { clientKey } from '../../plugins/rate-limit/client-key';
import { RateLimitedError } from '../../plugins/rate-limit/rate-limiter';
import type { AuthService, RequestContext } from './auth.service';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

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
  const message = { 200: messageResponseSchema, ...refusals };

  api.post(
    '/api/user/registerotp',
    { schema: { body: emailRequestSchema, response: message } },
    async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.sendRegisterOtp(request.body.email, context(request)),
      ),
    }),
  );

  api.post(
    '/api/user/passwordotp',
    { schema: { body: emailRequestSchema, response: message } },
    async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.sendPasswordOtp(request.body.email, context(request)),
      ),
    }),
  );

  api.post(
    '/api/user/resendotp',
    { schema: { body: resendOtpRequestSchema, response: message } },
    async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () =>
        auth.resendOtp(request.body.email, request.body.type, context(request)),
      ),
    }),
  );

  api.post(
    '/api/user/verifyotp',
    { schema: { body: verifyOtpRequestSchema, response: message } },
    async (request, reply) => {
      const { email, otp, type } = request.body;
      return {
        success: true as const,
        message: await limited(reply, () => auth.verifyOtp(email, otp, type, context(request))),
      };
    },
  );

  api.post(
    '/api/user/register',
    { schema: { body: registerRequestSchema, response: message } },
    async (request, reply) => ({
      success: true as const,
      message: await limited(reply, () => auth.register(request.body, context(request))),
    }),
  );

  api.post(
    '/api/user/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, ...refusals } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await limited(reply, () => auth.login(email, password, context(request)));
      return { success: true as const, ...result };
    },
  );

  api.post(
    '/api/user/forgot-password',
    {
      preHandler: app.authenticateOptional,
      schema: {
        body: forgotPasswordRequestSchema,
        response: { 200: forgotPasswordResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
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
  );

  api.get(
    '/api/user/me',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: meResponseSchema, 401: errorResponseSchema } },
    },
    async (request, reply) => {
      // Personal data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, user: auth.me(currentUser(request)) };
    },
  );
}

import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { UserRole } from '@vastra/shared/schemas/user';
import { AppError } from '../lib/app-error';
import type { AuthUser } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user; set by `app.authenticate` / `app.authenticateOptional`. */
    user: AuthUser | null;
    /** A token was sent but is invalid, expired, or older than the account's last password change. */
    sessionRejected: boolean;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid session token; sets `request.user`. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.user` when a valid token is sent; never refuses. */
    authenticateOptional: preHandlerAsyncHookHandler;
    /** preHandler factory: 401 without a session, 403 without the role. */
    requireRole: (role: UserRole) => preHandlerAsyncHookHandler;
  }
}

export const LOGIN_REQUIRED_MESSAGE = 'Please login to continue';
export const SESSION_OVER_MESSAGE = 'Your session has expired. Please login again.';

/** The storefront sends `token: <jwt>` (docs/product.md §6); `Authorization: Bearer <jwt>` is accepted too. */
function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token?.trim()) return token.trim();
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The user of a route behind `app.authenticate`; typed non-null for handlers. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
  return request.user;
}

/**
 * Sessions for every route registered after this (cart, orders, admin). Called on the root
 * instance, not through `register`, so the decorators are visible everywhere.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { userForToken: (token: string) => Promise<AuthUser | null> },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionRejected', false);

  async function identify(request: FastifyRequest): Promise<void> {
    const token = readToken(request);
    if (!token) return;
    request.user = await deps.userForToken(token);
    request.sessionRejected = request.user === null;
  }

  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    await identify(request);
    if (request.user) return;
    throw new AppError(
      'unauthorized',
      request.sessionRejected ? SESSION_OVER_MESSAGE : LOGIN_REQUIRED_MESSAGE,
    );
  };

  app.decorate('authenticate', authenticate);
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    await identify(request);
  });
  app.decorate('requireRole', (role: UserRole): preHandlerAsyncHookHandler => {
    return async function (this: FastifyInstance, request, reply) {
      await authenticate.call(this, request, reply);
      if (request.user?.role !== role) {
        throw new AppError('forbidden', 'You do not have access to this page');
      }
    };
  });
}

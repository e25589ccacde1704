import type { preValidationAsyncHookHandler } from 'fastify';
import { RateLimitedError, type RateLimiter, type RateLimitRule } from './rate-limit/rate-limiter';

/** One counter of a route: per signed-in account, or per client address (`request.ip`). */
export interface RequestLimit {
  rule: RateLimitRule;
  per: 'account' | 'ip';
}

/**
 * A route hook that counts the request against each limit (in the shared store, so every process
 * counts together) and refuses it with 429 and Retry-After over any of them. Put it after
 * `app.authenticate`: the account is `request.user` (decision 097).
 */
export function limitRequests(
  limiter: RateLimiter,
  limits: readonly RequestLimit[],
): preValidationAsyncHookHandler {
  return async (request, reply) => {
    try {
      for (const { rule, per } of limits) {
        const subject = per === 'ip' ? request.ip : request.user?.id;
        if (subject) await limiter.consume(rule, subject);
      }
    } catch (error) {
      if (error instanceof RateLimitedError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };
}

import type { preValidationAsyncHookHandler } from 'fastify';
import { clientKey } from './rate-limit/client-key';
import { RateLimitedError, type RateLimiter, type RateLimitRule } from './rate-limit/rate-limiter';

/** One counter of a route: per signed-in account, or per client (its IPv4 address or IPv6 /64). */
interface RequestLimit {
  rule: RateLimitRule;
  per: 'account' | 'ip';
}

const MINUTE = 60_000;

/**
 * A route's pair of per-minute limits: `<name>:account` for one signed-in account and
 * `<name>:ip` for one client address (however many accounts use it). Both refuse with `message`.
 */
export function accountAndIpLimits(
  name: string,
  opts: { perAccount: number; perIp: number; message: (wait: string) => string },
): readonly RequestLimit[] {
  const { perAccount, perIp, message } = opts;
  return [
    {
      per: 'account',
      rule: { name: `${name}:account`, limit: perAccount, windowMs: MINUTE, message },
    },
    { per: 'ip', rule: { name: `${name}:ip`, limit: perIp, windowMs: MINUTE, message } },
  ];
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
        const subject = per === 'ip' ? clientKey(request.ip) : request.user?.id;
        if (subject) await limiter.consume(rule, subject);
      }
    } catch (error) {
      if (error instanceof RateLimitedError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };
}

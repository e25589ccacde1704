import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from './rate-limit-store';

export interface RateLimitRule {
  /** Part of the counter's key: `<name>:<subject>`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal's text, given the wait ('3 minutes'); a generic one otherwise. */
  message?: (wait: string) => string;
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message);
  }
}

export interface RateLimiter {
  readonly store: RateLimitStore;
  /** Counts one request for `subject` (an IP, an e-mail) and refuses it with 429 over the limit. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  return {
    store,
    async consume(rule, subject) {
      const now = clock.now().getTime();
      const { count, resetAt } = await store.hit(`${rule.name}:${subject}`, rule.windowMs, now);
      if (count > rule.limit) {
        const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
        const wait = waitText(seconds);
        throw new RateLimitedError(
          rule.message?.(wait) ?? `Too many attempts. Please try again in ${wait}.`,
          seconds,
        );
      }
    },
  };
}

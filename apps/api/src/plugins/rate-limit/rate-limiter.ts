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
  /** Refuses with 429 when `subject` has already used up the limit; counts nothing. */
  check(rule: RateLimitRule, subject: string): Promise<void>;
  /** How many times `subject` was counted in the current window. */
  count(rule: RateLimitRule, subject: string): Promise<number>;
  /** Counts one event (a failure) for `subject`, refusing nothing. */
  record(rule: RateLimitRule, subject: string): Promise<void>;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal(rule: RateLimitRule, resetAt: number, now: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const wait = waitText(seconds);
  return new RateLimitedError(
    rule.message?.(wait) ?? `Too many attempts. Please try again in ${wait}.`,
    seconds,
  );
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;
  return {
    store,
    async consume(rule, subject) {
      const now = clock.now().getTime();
      const { count, resetAt } = await store.hit(keyOf(rule, subject), rule.windowMs, now);
      if (count > rule.limit) throw refusal(rule, resetAt, now);
    },
    async check(rule, subject) {
      const now = clock.now().getTime();
      const { count, resetAt } = await store.peek(keyOf(rule, subject), rule.windowMs, now);
      if (count >= rule.limit) throw refusal(rule, resetAt, now);
    },
    async count(rule, subject) {
      const now = clock.now().getTime();
      return (await store.peek(keyOf(rule, subject), rule.windowMs, now)).count;
    },
    async record(rule, subject) {
      await store.hit(keyOf(rule, subject), rule.windowMs, clock.now().getTime());
    },
  };
}

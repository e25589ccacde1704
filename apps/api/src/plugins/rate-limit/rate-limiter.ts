import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from './rate-limit-store';
import { shopMetrics } from '../../lib/metrics';

export interface RateLimitRule {
  /** Part of the counter's key: `<name>:<subject>`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal's text, given the wait ('3 minutes'); a generic one otherwise. */
  message?: (wait: string) => string;
}

/** A schedule of turns shared by every process (`RateLimiter.turn`). */
export interface TurnRule {
  /** Part of the schedule's key: `<name>:<subject>`. */
  name: string;
  /** A turn further ahead than this is refused instead of waited for. */
  maxWaitMs: number;
  /** The refusal's text, given the wait ('8 seconds'). */
  message: (wait: string) => string;
}

/** One attempt counted before it is made. */
export interface Reservation {
  /** How many were counted in the window before this one. */
  before: number;
  /** Takes the attempt back: it succeeded, or was not made after all. */
  release(): Promise<void>;
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
  /**
   * Counts one attempt for `subject` before it is made, so that parallel attempts cannot all slip
   * under the limit. With `refuse` (the default), over the limit it is taken back and refused (429).
   */
  reserve(rule: RateLimitRule, subject: string, opts?: { refuse: boolean }): Promise<Reservation>;
  /**
   * Takes the next turn of `subject`'s schedule, `spacingMs` after the previous one (or now), and
   * answers how long to wait for it; refused (429) when it is more than `rule.maxWaitMs` away.
   */
  turn(rule: TurnRule, subject: string, spacingMs: number): Promise<number>;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal(rule: RateLimitRule, resetAt: number, now: number): RateLimitedError {
  shopMetrics.rateLimitRefusals.inc({ limit: rule.name });
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const wait = waitText(seconds);
  return new RateLimitedError(
    rule.message?.(wait) ?? `Too many attempts. Please try again in ${wait}.`,
    seconds,
  );
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const keyOf = (rule: { name: string }, subject: string) => `${rule.name}:${subject}`;
  return {
    store,
    async consume(rule, subject) {
      const now = clock.now().getTime();
      const { count, resetAt } = await store.hit(keyOf(rule, subject), rule.windowMs, now);
      if (count > rule.limit) throw refusal(rule, resetAt, now);
    },
    async reserve(rule, subject, opts = { refuse: true }) {
      const key = keyOf(rule, subject);
      const now = clock.now().getTime();
      const { count, resetAt } = await store.hit(key, rule.windowMs, now);
      // Taken back in the window it was counted in, even if that has just ended.
      const release = () => store.release(key, rule.windowMs, now);
      if (opts.refuse && count > rule.limit) {
        await release();
        throw refusal(rule, resetAt, now);
      }
      return { before: count - 1, release };
    },
    async turn(rule, subject, spacingMs) {
      const now = clock.now().getTime();
      const { at, reserved } = await store.schedule(
        keyOf(rule, subject),
        spacingMs,
        rule.maxWaitMs,
        now,
      );
      if (reserved) return Math.max(0, at - now);
      // A turn would be granted again once it is no more than maxWaitMs away.
      const seconds = Math.max(1, Math.ceil((at - rule.maxWaitMs - now) / 1000));
      shopMetrics.rateLimitRefusals.inc({ limit: rule.name });
      throw new RateLimitedError(rule.message(waitText(seconds)), seconds);
    },
  };
}

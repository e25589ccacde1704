import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';

/**
 * Where request counters live. Every API process must see the same counts (DESIGN.md §1), so
 * there are two implementations and no in-memory one: the database (a table) and Redis.
 */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one hit on `key` in the fixed window containing `now`; answers the count so far. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  close(): Promise<void>;
}

function windowOf(windowMs: number, now: number): { start: number; resetAt: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetAt: start + windowMs };
}

/** Expired counters are deleted at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;

export function createDatabaseRateLimitStore(db: Database): RateLimitStore {
  let lastSweep = 0;
  return {
    kind: 'database',
    async hit(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      // One statement, so concurrent hits from any number of processes are all counted.
      const rows = await db
        .insert(rateLimits)
        .values({ key, windowStart: start, count: 1, expiresAt: new Date(resetAt) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
            windowStart: sql`excluded.window_start`,
            expiresAt: sql`excluded.expires_at`,
          },
        })
        .returning({ count: rateLimits.count });
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)));
      }
      return { count: rows[0]?.count ?? 1, resetAt };
    },
    async close() {},
  };
}

export function createRedisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, {
    // A request must not hang on a dead Redis: fail it, and the error handler answers 500.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    lazyConnect: true,
  });
  return {
    kind: 'redis',
    async hit(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      const redisKey = `vastra:rl:${key}:${start}`;
      const result = await redis
        .multi()
        .incr(redisKey)
        // Relative to our clock's "now", so the key outlives its window whatever Redis's clock says.
        .pexpire(redisKey, resetAt - now + 1_000)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      return { count, resetAt };
    },
    async close() {
      redis.disconnect();
    },
  };
}

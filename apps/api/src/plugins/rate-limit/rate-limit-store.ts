import { and, eq, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';

/**
 * Where request counters live. Every API process must see the same counts, so there are two
 * implementations and no in-memory one: the database (a table) and Redis, which falls back to the
 * database while it is unreachable (docs/decisions/091-redis-fallback-and-mail-off-the-request.md).
 */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one hit on `key` in the fixed window containing `now`; answers the count so far. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** The count of `key` in the window containing `now`, without counting anything. */
  peek(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  close(): Promise<void>;
}

export function windowOf(windowMs: number, now: number): { start: number; resetAt: number } {
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
    async peek(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      const rows = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)))
        .limit(1);
      return { count: rows[0]?.count ?? 0, resetAt };
    },
    async close() {},
  };
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/** How long one request may wait for Redis before its counters go to the database instead. */
export const REDIS_TIMEOUTS = { connectMs: 1_000, commandMs: 500, firstConnectWaitMs: 1_000 };

/**
 * Counters in Redis. While Redis cannot be reached, they go to `fallback` (the database) instead of
 * failing the request: a login must not answer 500, nor wait, because a cache is down. The switch
 * is logged once each way.
 */
export function createRedisRateLimitStore(
  url: string,
  opts: { fallback: RateLimitStore; log: Logger },
): RateLimitStore {
  const { fallback, log } = opts;
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail a command at once while disconnected, and never replay it later.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    // Keep reconnecting in the background; requests meanwhile use the fallback.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });

  let state: 'starting' | 'up' | 'away' = 'starting';
  let closing = false;
  let settleFirst: () => void = () => {};
  const firstOutcome = new Promise<void>((resolve) => (settleFirst = resolve));

  const goAway = () => {
    settleFirst();
    if (closing || state === 'away') return;
    state = 'away';
    log.warn('Redis unreachable; rate-limit counters in the database until it returns');
  };
  redis.on('ready', () => {
    settleFirst();
    if (state === 'away') log.info('Redis reachable again; rate-limit counters back in Redis');
    state = 'up';
  });
  // Listening for 'error' also keeps ioredis from printing every failed reconnect.
  redis.on('error', goAway);
  redis.on('close', goAway);
  redis.connect().catch(goAway);

  /** Redis when it is up; otherwise (or when the command fails) the fallback. */
  async function use<T>(inRedis: () => Promise<T>, inFallback: () => Promise<T>): Promise<T> {
    if (state === 'starting') {
      // Right after start the connection may still be opening: give it a moment.
      await Promise.race([
        firstOutcome,
        new Promise((resolve) => setTimeout(resolve, REDIS_TIMEOUTS.firstConnectWaitMs).unref()),
      ]);
    }
    if (state !== 'up' || redis.status !== 'ready') return inFallback();
    try {
      return await inRedis();
    } catch {
      goAway();
      // A connection that answers nothing (command timeouts) is dropped and reopened; its
      // 'ready' brings the counters back.
      if (!closing) redis.disconnect(true);
      return inFallback();
    }
  }

  return {
    kind: 'redis',
    hit(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      const redisKey = `vastra:rl:${key}:${start}`;
      return use(
        async () => {
          const result = await redis
            .multi()
            .incr(redisKey)
            // Relative to our clock's "now", so the key outlives its window whatever Redis's clock says.
            .pexpire(redisKey, resetAt - now + 1_000)
            .exec();
          const [incr] = result ?? [];
          if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis MULTI failed');
          return { count: Number(incr[1]), resetAt };
        },
        () => fallback.hit(key, windowMs, now),
      );
    },
    peek(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      return use(
        async () => ({ count: Number((await redis.get(`vastra:rl:${key}:${start}`)) ?? 0), resetAt }),
        () => fallback.peek(key, windowMs, now),
      );
    },
    async close() {
      closing = true;
      redis.disconnect();
      await fallback.close();
    },
  };
}

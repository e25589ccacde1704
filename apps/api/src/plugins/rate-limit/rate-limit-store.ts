import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';
import type { Logger } from '../../lib/logger';

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
  /** Takes one hit back (an attempt that succeeded or was not made); never below 0. */
  release(key: string, windowMs: number, now: number): Promise<void>;
  /**
   * Reserves the next turn on `key`'s schedule, shared by every process: at
   * max(now, last turn) + `spacingMs`, unless that is more than `maxWaitMs` after `now`; then
   * nothing is reserved. Answers the turn (reserved or not), in ms since the epoch.
   */
  schedule(
    key: string,
    spacingMs: number,
    maxWaitMs: number,
    now: number,
  ): Promise<{ at: number; reserved: boolean }>;
  /** Redis only: answers when Redis answers a PING now, throws otherwise (GET /readyz). */
  ping?(): Promise<void>;
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
    async peek(key, windowMs, now) {
      const { start, resetAt } = windowOf(windowMs, now);
      const rows = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)))
        .limit(1);
      return { count: rows[0]?.count ?? 0, resetAt };
    },
    async release(key, windowMs, now) {
      const { start } = windowOf(windowMs, now);
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start), gt(rateLimits.count, 0)),
        );
    },
    async schedule(key, spacingMs, maxWaitMs, now) {
      // The last turn is kept in window_start; one statement, so turns never overlap across
      // processes. A turn too far ahead updates nothing and so returns no row.
      const turn = sql`greatest(${rateLimits.windowStart}, ${now}::bigint) + ${spacingMs}::bigint`;
      const rows = await db
        .insert(rateLimits)
        .values({
          key,
          windowStart: now + spacingMs,
          count: 1,
          expiresAt: new Date(now + spacingMs + SCHEDULE_KEEP_MS),
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: turn,
            count: sql`${rateLimits.count} + 1`,
            expiresAt: sql`to_timestamp((${turn} + ${SCHEDULE_KEEP_MS}::bigint) / 1000.0)`,
          },
          setWhere: sql`${turn} - ${now}::bigint <= ${maxWaitMs}::bigint`,
        })
        .returning({ at: rateLimits.windowStart });
      if (rows[0]) return { at: Number(rows[0].at), reserved: true };
      const [current] = await db
        .select({ at: rateLimits.windowStart })
        .from(rateLimits)
        .where(eq(rateLimits.key, key))
        .limit(1);
      return { at: Math.max(Number(current?.at ?? now), now) + spacingMs, reserved: false };
    },
    async close() {},
  };
}

/** How long a schedule outlives its last turn (it only matters while turns are ahead of now). */
const SCHEDULE_KEEP_MS = 60_000;

/** Takes one hit back, never below 0 (a script, so nothing runs between the read and the write). */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The database's schedule in Redis: ARGV now, spacing, maximum wait, how long to keep the key.
 * Answers {1, turn} when reserved, {0, turn} when the turn would be too far ahead.
 */
const SCHEDULE_SCRIPT = `
local now = tonumber(ARGV[1])
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0')) + tonumber(ARGV[2])
if turn - now > tonumber(ARGV[3]) then return {0, turn} end
redis.call('SET', KEYS[1], string.format('%d', turn), 'PX', string.format('%d', turn - now + tonumber(ARGV[4])))
return {1, turn}`;

/** How long one request may wait for Redis before its counters go to the database instead. */
const REDIS_TIMEOUTS = { connectMs: 1_000, commandMs: 500, firstConnectWaitMs: 1_000 };

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

  /** Right after start the connection may still be opening: give it a moment. */
  async function firstConnection(): Promise<void> {
    if (state !== 'starting') return;
    await Promise.race([
      firstOutcome,
      new Promise((resolve) => setTimeout(resolve, REDIS_TIMEOUTS.firstConnectWaitMs).unref()),
    ]);
  }

  /** Redis when it is up; otherwise (or when the command fails) the fallback. */
  async function use<T>(inRedis: () => Promise<T>, inFallback: () => Promise<T>): Promise<T> {
    await firstConnection();
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
    async ping() {
      await firstConnection();
      // Without the offline queue this fails at once while the connection is down.
      await redis.ping();
    },
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
        async () => ({
          count: Number((await redis.get(`vastra:rl:${key}:${start}`)) ?? 0),
          resetAt,
        }),
        () => fallback.peek(key, windowMs, now),
      );
    },
    release(key, windowMs, now) {
      const { start } = windowOf(windowMs, now);
      return use(
        async () => {
          await redis.eval(RELEASE_SCRIPT, 1, `vastra:rl:${key}:${start}`);
        },
        () => fallback.release(key, windowMs, now),
      );
    },
    schedule(key, spacingMs, maxWaitMs, now) {
      return use(
        async () => {
          const answer = (await redis.eval(
            SCHEDULE_SCRIPT,
            1,
            `vastra:turn:${key}`,
            now,
            spacingMs,
            maxWaitMs,
            SCHEDULE_KEEP_MS,
          )) as [number, number];
          return { reserved: Number(answer[0]) === 1, at: Number(answer[1]) };
        },
        () => fallback.schedule(key, spacingMs, maxWaitMs, now),
      );
    },
    async close() {
      closing = true;
      redis.disconnect();
      await fallback.close();
    },
  };
}

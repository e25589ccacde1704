import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createDatabaseRateLimitStore, createRedisRateLimitStore } from './rate-limit-store';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's one rate limiter; modules receive it in their deps, tests fill its counters here. */
    rateLimiter: RateLimiter;
  }
}

interface RateLimiterDeps {
  config: Config;
  db: Database;
  clock: Clock;
}

/**
 * The app's rate limiter, created once over the shared counter store: Redis (REDIS_URL) with the
 * database table as its fallback, or the table alone (decisions 090, 091). Registered before the
 * modules that count, so the store closes after they have (Fastify closes in reverse order).
 */
export function registerRateLimiter(app: FastifyInstance, deps: RateLimiterDeps): RateLimiter {
  const { config, db, clock } = deps;
  const databaseStore = createDatabaseRateLimitStore(db);
  const store = config.redisUrl
    ? createRedisRateLimitStore(config.redisUrl, { fallback: databaseStore, log: app.log })
    : databaseStore;
  const limiter = createRateLimiter(store, clock);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => {
    await store.close();
  });
  return limiter;
}

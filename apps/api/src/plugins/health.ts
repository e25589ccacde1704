import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@vastra/shared/api/endpoints';
import { MIGRATIONS_DIR, rowsOf, type DatabaseHandle } from '../db/client';
import { routeOf } from '../lib/endpoint-route';
import type { Mailer } from '../providers/mailer/mailer';
import type { RateLimitStore } from './rate-limit/rate-limit-store';

/** A database or Redis check may take this long before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * An SMTP check (a connection, the server's greeting, a login) is redone in the background when
 * its answer is older than this; calls in between get the last answer at once. Mail servers may
 * greet slowly, so it has the mailer's own timeouts (providers/mailer/mailer.ts) and a bit more.
 */
const SMTP_CHECK_TTL_MS = 30_000;
const SMTP_CHECK_TIMEOUT_MS = 12_000;

interface HealthDeps {
  database: DatabaseHandle;
  /** The rate-limit counters' store: Redis (REDIS_URL) is checked, the database store needs no check. */
  store: RateLimitStore;
  mailer: Mailer;
}

/** The newest migration in the repository, as drizzle records it (`created_at` is its `when`). */
function newestMigrationAt(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `ok`, or what failed in a few words (never an address or a password). */
async function check(
  work: () => Promise<unknown>,
  failure: string,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<string> {
  try {
    await withinTimeout(work(), timeoutMs);
    return 'ok';
  } catch {
    return failure;
  }
}

/**
 * The answer of `work`, redone in the background once it is older than `ttlMs` (one run at a
 * time); only the first call waits for it.
 */
function refreshedInBackground(work: () => Promise<string>, ttlMs: number): () => Promise<string> {
  let last: { at: number; answer: string } | undefined;
  let running: Promise<string> | undefined;
  const refresh = () =>
    (running ??= work()
      .then((answer) => {
        last = { at: Date.now(), answer };
        return answer;
      })
      .finally(() => (running = undefined)));
  return async () => {
    if (!last) return refresh();
    if (Date.now() - last.at >= ttlMs) void refresh();
    return last.answer;
  };
}

/**
 * GET /healthz (the process answers) and GET /readyz (the database answers, every migration of
 * this build is applied, and Redis and the SMTP server answer when configured), for load balancers
 * and orchestrators (docs/decisions/113-server-build-health-and-signals.md). Neither is rate
 * limited nor logged at info: they may be called every second.
 */
export async function registerHealth(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  const { database, store, mailer } = deps;
  const expectedMigrationAt = newestMigrationAt();

  const databaseChecks = async () => {
    let appliedAt: number | undefined;
    const reachable = await check(async () => {
      const result = await database.db.execute<{ at: string | number | null }>(
        sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`,
      );
      appliedAt = Number(rowsOf<{ at: string | number | null }>(result)[0]?.at ?? 0);
    }, 'unreachable');
    const migrations =
      reachable !== 'ok'
        ? 'unknown'
        : appliedAt !== undefined && appliedAt >= expectedMigrationAt
          ? 'ok'
          : 'not applied';
    return { database: reachable, migrations };
  };
  const redisCheck = store.ping ? () => check(() => store.ping!(), 'unreachable') : undefined;
  const smtpCheck = mailer.verify
    ? refreshedInBackground(
        () => check(() => mailer.verify!(), 'unreachable', SMTP_CHECK_TIMEOUT_MS),
        SMTP_CHECK_TTL_MS,
      )
    : undefined;

  app.route({
    ...routeOf(endpoints.operations.health),
    logLevel: 'warn',
    handler: async () => ({ success: true as const, status: 'alive' as const }),
  });

  app.route({
    ...routeOf(endpoints.operations.ready),
    logLevel: 'warn',
    handler: async (_request, reply) => {
      const [fromDatabase, redis, smtp] = await Promise.all([
        databaseChecks(),
        redisCheck?.(),
        smtpCheck?.(),
      ]);
      const checks = {
        ...fromDatabase,
        ...(redis === undefined ? {} : { redis }),
        ...(smtp === undefined ? {} : { smtp }),
      };
      const failed = Object.entries(checks).filter(([, outcome]) => outcome !== 'ok');
      if (failed.length === 0) return { success: true as const, status: 'ready' as const, checks };
      return reply.code(503).send({
        success: false as const,
        message: `Not ready: ${failed.map(([name, outcome]) => `${name} ${outcome}`).join(', ')}`,
        checks,
      });
    },
  });
}

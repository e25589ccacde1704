import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { registerAuth } from '../../plugins/auth';
import {
  createDatabaseRateLimitStore,
  createRedisRateLimitStore,
} from '../../plugins/rate-limit/rate-limit-store';
import { createRateLimiter, type RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import { createMailer, type Mailer } from '../../providers/mailer/mailer';
import { outboxRoutes } from '../../providers/mailer/outbox.routes';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { deriveOtpKey, resolveJwtSecret } from './jwt-secret';
import { createTokenService } from './tokens';

/**
 * Accounts: sessions (`app.authenticate` and friends, for every module registered after
 * this), the /api/user routes, and outside production the /dev/outbox page.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's mailer (SMTP or the development outbox), for modules that send e-mail. */
    mailer: Mailer;
    /** The login limits' limiter and store, for other modules' limits (coupon check, verify). */
    rateLimiter: RateLimiter;
  }
}

export async function registerAccounts(
  app: FastifyInstance,
  opts: { config: Config; database: DatabaseHandle; clock?: Clock; mailer?: Mailer },
): Promise<AuthService> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const secret = resolveJwtSecret(config);
  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  if (mailer.kind === 'outbox' && config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: e-mails (OTP codes) are only written to this log');
  }
  const databaseStore = createDatabaseRateLimitStore(database.db);
  const store = config.redisUrl
    ? createRedisRateLimitStore(config.redisUrl, { fallback: databaseStore, log: app.log })
    : databaseStore;
  const limiter = createRateLimiter(store, clock);
  const auth = createAuthService({
    db: database.db,
    clock,
    mailer,
    tokens: createTokenService(secret, clock),
    limiter,
    otpKey: deriveOtpKey(secret),
    log: app.log,
  });

  registerAuth(app, { userForToken: (token) => auth.userForToken(token) });
  // Other modules (order confirmations) send mail through the same mailer.
  app.decorate('mailer', mailer);
  app.decorate('rateLimiter', limiter);
  await app.register(authRoutes, { auth });
  if (config.nodeEnv !== 'production') await app.register(outboxRoutes, { mailer });

  app.addHook('onClose', async () => {
    // Password OTP mails still being sent need the mailer and the database.
    await auth.drain();
    await store.close();
    // A mailer passed in belongs to the caller.
    if (!opts.mailer) await mailer.close();
  });
  return auth;
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { registerAuth } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import type { Mailer } from '../../providers/mailer/mailer';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { deriveOtpKey, resolveJwtSecret } from './jwt-secret';
import { createTokenService } from './tokens';

interface AccountsDeps {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

/**
 * Accounts: sessions (`app.authenticate` and friends, for every module registered after this)
 * and the /api/user routes.
 */
export async function registerAccounts(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const { config, db, clock, mailer, rateLimiter } = deps;
  const secret = resolveJwtSecret(config);
  const auth = createAuthService({
    db,
    clock,
    mailer,
    tokens: createTokenService(secret, clock),
    limiter: rateLimiter,
    otpKey: deriveOtpKey(secret),
    log: app.log,
  });

  registerAuth(app, { userForToken: (token) => auth.userForToken(token) });
  await app.register(authRoutes, { auth });

  app.addHook('onClose', async () => {
    // Password OTP mails still being sent need the mailer and the database.
    await auth.drain();
  });
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createMailer, type Mailer } from './mailer';
import { outboxRoutes } from './outbox.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's one mailer; modules receive it in their deps, tests read the outbox here. */
    mailer: Mailer;
  }
}

interface MailerDeps {
  config: Config;
  /** A mailer of the caller's (tests capture mail); it stays open when the app closes. */
  mailer?: Mailer | undefined;
}

/**
 * The app's mailer, created once: SMTP (SMTP_URL) or the development outbox, which outside
 * production is readable at /dev/outbox. Registered before the modules that send mail, so its
 * close hook runs after theirs (Fastify closes in reverse order) and mail still being sent has
 * a mailer.
 */
export async function registerMailer(app: FastifyInstance, deps: MailerDeps): Promise<Mailer> {
  const { config } = deps;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  if (mailer.kind === 'outbox' && config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: e-mails (OTP codes) are only written to this log');
  }
  app.decorate('mailer', mailer);
  if (config.nodeEnv !== 'production') await app.register(outboxRoutes, { mailer });
  if (!deps.mailer) {
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  }
  return mailer;
}

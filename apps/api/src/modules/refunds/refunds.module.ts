import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { adminRefundRoutes } from './refunds.routes';
import { createRefundsService, type RefundsService } from './refunds.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The refunds service; decorated for tests, which await its sends (no module reads it here). */
    refunds: RefundsService;
  }
}

/**
 * The refund retries' lock (DatabaseHandle.runExclusive): one process at a time runs them. An
 * arbitrary constant, apart from the migrations' and the sweep's.
 */
const REFUND_RETRY_LOCK = 7_311_202_611;

interface RefundsDeps {
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  /** The payment provider (registerPayments). */
  gateway: PaymentGateway;
  /** How often the retry loop runs (REFUND_RETRY_SECONDS; a minute by default). */
  retryEveryMs: number;
}

/**
 * Refunds (docs/decisions/119-refunds-and-webhook-retries.md): the service the orders and returns
 * modules hand committed refunds to (RefundDesk), the admin's refund calls under /api/admin, and
 * the retry loop, run by one process at a time, stopped when the app closes. Needs
 * app.requireRole.
 */
export async function registerRefunds(
  app: FastifyInstance,
  deps: RefundsDeps,
): Promise<RefundsService> {
  const { database } = deps;
  const refunds = createRefundsService({
    db: database.db,
    gateway: deps.gateway,
    clock: deps.clock,
    log: app.log,
    mailer: deps.mailer,
  });
  app.decorate('refunds', refunds);
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminRefundRoutes, { refunds });
  });

  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = database
      .runExclusive(REFUND_RETRY_LOCK, async () => {
        const sent = await refunds.retryDue();
        if (sent > 0) app.log.info({ sent }, 'refund retries: pass done');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'refund retries failed'))
      .finally(() => {
        running = undefined;
      });
  }, deps.retryEveryMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await refunds.idle();
  });
  return refunds;
}

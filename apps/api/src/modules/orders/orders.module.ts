import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import type { RefundDesk } from '../refunds/refund-desk';
import { orderRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

/**
 * How often unpaid online orders are reconciled with the provider: a hold outlives its
 * HOLD_MINUTES by at most this (docs/decisions/110).
 */
const RECONCILE_EVERY_MS = 60_000;

interface OrdersDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The payment provider (registerPayments). */
  gateway: PaymentGateway;
  /** Counts payment checks (decision 097). */
  rateLimiter: RateLimiter;
  cashOnDelivery: boolean;
  /** How long an unpaid online order holds its units and coupon (HOLD_MINUTES). */
  holdMs: number;
  /** The benchmark's baseline only (BENCH_WITHOUT_STOCK): orders skip the stock step. */
  withoutStock: boolean;
  /** Sends and settles refunds; `refund.*` webhooks go to it (registerRefunds). */
  refunds?: RefundDesk;
}

/**
 * Orders: checkout, Razorpay verification and webhook, and the reconciliation every minute of
 * online orders whose hold ran out (and unheld ones unpaid for 30 minutes), cleared when the app
 * closes. Needs app.authenticate.
 */
export async function registerOrders(app: FastifyInstance, deps: OrdersDeps): Promise<void> {
  const { gateway, rateLimiter, cashOnDelivery } = deps;
  const orders = createOrdersService({
    db: deps.db,
    gateway,
    clock: deps.clock,
    log: app.log,
    mailer: deps.mailer,
    holdMs: deps.holdMs,
    withoutStock: deps.withoutStock,
    refunds: deps.refunds,
  });
  await app.register(orderRoutes, { orders, gateway, rateLimiter, cashOnDelivery });

  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = orders
      .closeStale()
      .catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'))
      .finally(() => {
        running = undefined;
      });
  }, RECONCILE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit/rate-limiter';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { orderRoutes } from './orders.routes';
import type { RefundDesk } from '../refunds/refund-desk';
import type { TaxDesk } from '../tax/tax-desk';
import { createOrdersService } from './orders.service';
import { SWEEP_LOCK_KEY } from './sweep';

interface OrdersDeps {
  db: Database;
  /** Its runExclusive: the sweep runs in one process at a time (docs/decisions/118-order-life.md). */
  database: Pick<DatabaseHandle, 'runExclusive'>;
  /**
   * How often unpaid online orders are reconciled with the provider (ORDER_SWEEP_SECONDS,
   * default 60): a hold outlives its HOLD_MINUTES by at most this (docs/decisions/110).
   */
  sweepEveryMs: number;
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
  /** Sends the refunds cancellations and unfulfillable payments ask for (registerRefunds). */
  refunds: RefundDesk;
  /** Invoices and credit notes, in the transactions that make them due (the tax module). */
  tax: TaxDesk;
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
    tax: deps.tax,
  });
  await app.register(orderRoutes, { orders, gateway, rateLimiter, cashOnDelivery });

  // One process at a time sweeps (a PostgreSQL advisory lock); the others skip this round.
  const sweep = async () => {
    app.log.debug('order sweep started');
    const result = await orders.closeStale();
    app.log.debug({ ...result }, 'order sweep finished');
  };
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = deps.database
      .runExclusive(SWEEP_LOCK_KEY, sweep)
      .then((ran) => {
        if (!ran) app.log.debug('order sweep skipped: another process is sweeping');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'))
      .finally(() => {
        running = undefined;
      });
  }, deps.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

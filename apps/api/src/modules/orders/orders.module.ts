import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import { orderRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

/** How often unpaid online orders are reconciled with the provider. */
export const RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * Orders: the routes, and the reconciliation every 5 minutes of online orders unpaid
 * for 30 minutes (cleared when the app closes). Needs app.authenticate and app.payments.
 */
export async function registerOrders(
  app: FastifyInstance,
  opts: { db: Database; clock?: Clock; mailer?: Mailer | undefined; cashOnDelivery: boolean },
): Promise<void> {
  const orders = createOrdersService({
    db: opts.db,
    gateway: app.payments.gateway,
    clock: opts.clock ?? systemClock,
    log: app.log,
    mailer: opts.mailer,
  });
  await app.register(orderRoutes, { orders, cashOnDelivery: opts.cashOnDelivery });

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

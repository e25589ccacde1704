import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../providers/mailer/mailer';
import type { RefundDesk } from '../refunds/refund-desk';
import type { TaxDesk } from '../tax/tax-desk';
import { adminReturnRoutes, returnRoutes } from './returns.routes';
import { createReturnsService } from './returns.service';

interface ReturnsDeps {
  db: Database;
  clock: Clock;
  /** The shopper's mails about their request. */
  mailer: Mailer;
  /** Sends the refund a received return asked for (the refunds module). */
  refunds: RefundDesk;
  /** The credit note of a received return's refund (the tax module). */
  tax: TaxDesk;
}

/**
 * Returns and size exchanges (docs/decisions/120-returns-and-exchanges.md): the shopper's calls
 * behind a session, the admin's in their own scope behind the admin role, as /api/admin's are.
 * Needs app.authenticate and app.requireRole.
 */
export async function registerReturns(app: FastifyInstance, deps: ReturnsDeps): Promise<void> {
  const returns = createReturnsService({ ...deps, log: app.log });
  await app.register(returnRoutes, { returns });
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.requireRole('admin'));
    await admin.register(adminReturnRoutes, { returns });
  });
}
